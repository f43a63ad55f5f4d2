/// One continuous pen-down trace (ink), or one pen-up trace (hover) when kept in
/// `Drawing.hover`.
public struct Stroke: Hashable, Codable, Sendable {
  /// Samples in the order they were captured.
  public var samples: [Sample]
  /// Per-stroke pen settings carried over from the source file (for example signature_pad's
  /// `penColor`, `minWidth`), as text keyed by the source's own names. Empty when none.
  public var attributes: [String: String]

  public init(samples: [Sample], attributes: [String: String] = [:]) {
    self.samples = samples
    self.attributes = attributes
  }

  /// True when every sample has a time.
  public var isTimed: Bool { !samples.isEmpty && samples.allSatisfy { $0.time != nil } }
  /// True when every sample has a pressure.
  public var hasPressure: Bool { !samples.isEmpty && samples.allSatisfy { $0.pressure != nil } }
}
