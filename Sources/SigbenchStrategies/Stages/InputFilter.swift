import SigbenchCore

/// Input-filter stage: drops a sample that lies closer than `minDistance` (strict `<`) to the
/// last accepted sample of the stroke. The first sample is always accepted.
///
/// This is Uber's jitter threshold (UberSignature's `kUBTouchDistanceThreshold`: a touch
/// closer than 2.0 pt to the previous accepted point is dropped) and the duplicate removal that
/// centripetal Catmull-Rom needs before computing knots (|ΔP| < ε, e.g. 0.01 px; a zero chord
/// makes a knot interval zero and the handles divide by it). With `minDistance` 0 nothing is
/// ever dropped.
///
/// - Complexity: O(1) time and state per sample; no allocation.
public struct InputFilter: Sendable {
  /// Samples closer than this to the last accepted one are dropped, CSS px (≥ 0).
  public let minDistance: Double
  private var last: Point?

  public init(minDistance: Double) {
    self.minDistance = minDistance
  }

  /// True when `p` is kept; a kept point becomes the new reference.
  public mutating func accept(_ p: Point) -> Bool {
    if let l = last, (p - l).length < minDistance { return false }
    last = p
    return true
  }

  /// Forgets the reference point (a new stroke starts).
  public mutating func reset() { last = nil }

  /// The option declaration. `lower`/`lowerClosed` let a preset forbid 0 where duplicates would
  /// break its maths (Catmull-Rom knots).
  public static func parameter(
    default value: Double, lower: Double = 0, lowerClosed: Bool = true, typical: String
  ) -> ParameterInfo {
    .number(
      "min-distance", unit: "px", lower, 100, lowerClosed: lowerClosed, default: value,
      typical: typical,
      help: "Input filter: drop a sample closer than this to the last kept one (strict <).")
  }
}
