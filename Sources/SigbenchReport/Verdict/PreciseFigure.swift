import SigbenchResults

/// The per-point p50 the sheet calls precise for one strategy in one lane: the batched median
/// when `LaneFigures.preferred` says the single bracket is too close to the timer, else the
/// steady single bracket's; with its range over processes and its ratio to the reference strategy
/// in the same lane, formed from the same kind of figure in the same process.
public struct PreciseFigure: Hashable, Sendable {
  public var strategy: String
  public var lane: BenchLane
  /// "batched" or "single".
  public var kind: String
  /// ns; `nil` when the lane measured no such figure.
  public var p50: Double?
  /// The smallest and largest per-process value (several processes only).
  public var range: ValueRange?
  /// This figure ÷ the reference strategy's same figure (the median over processes of the
  /// per-process ratios with several processes).
  public var ratioToReference: Double?

  public init(_ f: LaneFigures) {
    strategy = f.strategy
    lane = f.lane
    kind = f.preferred == "batched" ? "batched" : "single"
    p50 = kind == "batched" ? f.batched?.p50 : f.steady?.p50
    range = f.acrossProcesses?[kind == "batched" ? "batched.p50" : "steady.p50"]
    ratioToReference = f.ratioToReference[kind == "batched" ? "batch-p50" : "p50"]
  }
}
