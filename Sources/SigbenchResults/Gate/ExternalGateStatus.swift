/// How the gate treated one external strategy's quality: compared, unavailable on the base
/// side (a base binary that cannot run it), not in the baseline, or refused because its code
/// changed since the baseline (manifest or command digest) and nobody acknowledged that.
public struct ExternalGateStatus: Codable, Hashable, Sendable {
  /// The strategy's label.
  public var strategy: String
  /// What happened, in words.
  public var status: String
  /// True when its comparison was refused (the gate then exits 5 unless something worse
  /// applies).
  public var refused: Bool

  public init(strategy: String, status: String, refused: Bool = false) {
    self.strategy = strategy
    self.status = status
    self.refused = refused
  }
}
