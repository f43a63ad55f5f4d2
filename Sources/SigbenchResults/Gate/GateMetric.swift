/// The timing metrics the gate compares, per strategy × lane, one value per process.
public enum GateMetric: String, Codable, CodingKeyRepresentable, Hashable, Sendable, CaseIterable,
  Comparable, CustomStringConvertible
{
  /// `batch-p50` ÷ the reference strategy's in the same process: cancels whole-process speed.
  case batchP50Ratio = "batch-p50-ratio"
  /// The batched per-point median, ns (batches of 16 points, the precise figure).
  case batchP50 = "batch-p50"
  /// Single-bracket steady-state percentiles, ns (each includes one clock read).
  case p50
  case p90
  case p99

  /// Whether the metric is a ratio (no time unit).
  public var isRatio: Bool { self == .batchP50Ratio }

  /// The name as written in files and shown to people (`batch-p50`).
  public var description: String { rawValue }

  public static func < (a: GateMetric, b: GateMetric) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// The two sides of a gate: this build, and the baseline or base binary it is compared with.
public enum GateSide: String, Codable, Hashable, Sendable, CustomStringConvertible {
  case head
  case base

  public var description: String { rawValue }
}
