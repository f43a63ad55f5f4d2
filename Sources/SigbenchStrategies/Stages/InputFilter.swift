import SigbenchCore

/// Input-filter stage, in front of every curve model: optionally smooths positions with the 1€
/// filter (`filter=one-euro`, `OneEuroFilter`), then drops a sample that lies closer than
/// `minDistance` (strict `<`) to the last accepted sample of the stroke. The first sample is
/// always accepted.
///
/// The distance rule is Uber's jitter threshold (UberSignature's `kUBTouchDistanceThreshold`: a
/// touch closer than 2.0 pt to the previous accepted point is dropped) and the duplicate
/// removal that centripetal Catmull-Rom needs before computing knots (|ΔP| < ε, e.g. 0.01 px;
/// a zero chord makes a knot interval zero and the handles divide by it). With `minDistance` 0
/// nothing is ever dropped. In `one-euro` mode every sample updates the 1€ filter (dropped ones
/// too) and the distance rule applies to the smoothed positions; the other channels pass
/// unchanged.
///
/// - Complexity: O(1) time and state per sample; no allocation.
public struct InputFilter: Sendable {
  /// What the stage does before the distance rule.
  public enum Mode: String, Sendable, CaseIterable {
    /// Nothing: positions as sampled.
    case minDistance = "min-distance"
    /// The 1€ filter on positions.
    case oneEuro = "one-euro"
  }

  /// The stage's options.
  public struct Settings: Sendable, Hashable {
    public var mode: Mode
    /// Samples closer than this to the last accepted one are dropped, CSS px (≥ 0).
    public var minDistance: Double
    /// The 1€ constants (used in `one-euro` mode).
    public var oneEuro: OneEuroFilter.Settings

    public init(
      mode: Mode = .minDistance, minDistance: Double,
      oneEuro: OneEuroFilter.Settings = InputFilter.defaultOneEuro
    ) {
      self.mode = mode
      self.minDistance = minDistance
      self.oneEuro = oneEuro
    }

    /// Reads the stage's options; `smoothingOnly` for a strategy declaring
    /// `smoothingParameters` (no distance rule: `minDistance` 0).
    public init(_ c: StrategyConfiguration, smoothingOnly: Bool = false) throws(StrategyError) {
      guard let mode = Mode(rawValue: c.choice("filter")) else {
        throw .invalidOption(
          strategy: c.strategyID, option: "filter",
          rule: "one of: \(Mode.allCases.map(\.rawValue).joined(separator: ", "))",
          value: c.choice("filter"))
      }
      self.init(
        mode: mode, minDistance: smoothingOnly ? 0 : c.number("min-distance"),
        oneEuro: OneEuroFilter.Settings(
          minCutoff: c.number("filter-min-cutoff"), beta: c.number("filter-beta"),
          derivativeCutoff: c.number("filter-d-cutoff")))
    }
  }

  /// The smoothing options alone (`filter` and the 1€ constants, no distance rule): for a peer
  /// port that keeps its source's own distance rule, or has none.
  public static var smoothingParameters: [ParameterInfo] {
    parameters(minDistance: 0, typical: "0").filter { $0.name != "min-distance" }
  }

  /// The 1€ defaults: 1 Hz at rest, β 0.007 per px/s, 1 Hz for the speed (the paper's tuning
  /// starting points for px input).
  public static let defaultOneEuro = OneEuroFilter.Settings(
    minCutoff: 1, beta: 0.007, derivativeCutoff: 1)

  public let settings: Settings
  public var minDistance: Double { settings.minDistance }
  private var last: Point?
  private var smoother: OneEuroFilter
  /// `settings.mode == .oneEuro`, read once.
  private let smoothing: Bool

  public init(_ settings: Settings) {
    self.settings = settings
    smoothing = settings.mode == .oneEuro
    smoother = OneEuroFilter(settings.oneEuro)
  }

  public init(minDistance: Double) {
    self.init(Settings(minDistance: minDistance))
  }

  /// The sample as the curve model sees it (smoothed in `one-euro` mode), or `nil` when the
  /// distance rule drops it; a kept sample becomes the new reference. In `min-distance` mode
  /// (every strategy's default) this is the distance test alone, on the per-point hot path.
  @inline(__always) public mutating func apply(_ sample: Sample) -> Sample? {
    if smoothing { return applySmoothed(sample) }
    if let l = last, (sample.point - l).length < settings.minDistance { return nil }
    last = sample.point
    return sample
  }

  private mutating func applySmoothed(_ sample: Sample) -> Sample? {
    var out = sample
    out.point = smoother.filter(sample.point, time: sample.time)
    if let l = last, (out.point - l).length < settings.minDistance { return nil }
    last = out.point
    return out
  }

  /// Forgets the reference point and the 1€ state (a new stroke starts).
  public mutating func reset() {
    last = nil
    smoother.reset()
  }

  /// The option declarations: the mode, the distance (`lower`/`lowerClosed` let a preset forbid
  /// 0 where duplicates would break its maths, Catmull-Rom knots) and the 1€ constants.
  public static func parameters(
    minDistance value: Double, lower: Double = 0, lowerClosed: Bool = true, typical: String
  ) -> [ParameterInfo] {
    [
      .choice(
        "filter", Mode.allCases.map(\.rawValue), default: Mode.minDistance.rawValue,
        help: "Input filter: positions as sampled (min-distance: the distance rule alone), or"
          + " the 1€ filter on positions first."),
      parameter(default: value, lower: lower, lowerClosed: lowerClosed, typical: typical),
      .number(
        "filter-min-cutoff", unit: "Hz", 0, 1000, lowerClosed: false,
        default: defaultOneEuro.minCutoff, typical: "0.5–5",
        help: "1€ filter: cutoff at rest (lower removes more jitter, adds lag)."
      ).active(when: "filter", is: Mode.oneEuro.rawValue),
      .number(
        "filter-beta", unit: "Hz per px/s", 0, 10, default: defaultOneEuro.beta,
        typical: "0.001–0.05", help: "1€ filter: cutoff added per px/s of speed (less lag)."
      ).active(when: "filter", is: Mode.oneEuro.rawValue),
      .number(
        "filter-d-cutoff", unit: "Hz", 0, 1000, lowerClosed: false,
        default: defaultOneEuro.derivativeCutoff, typical: "1",
        help: "1€ filter: cutoff of the speed estimate."
      ).active(when: "filter", is: Mode.oneEuro.rawValue),
    ]
  }

  /// The distance option alone.
  public static func parameter(
    default value: Double, lower: Double = 0, lowerClosed: Bool = true, typical: String
  ) -> ParameterInfo {
    .number(
      "min-distance", unit: "px", lower, 100, lowerClosed: lowerClosed, default: value,
      typical: typical,
      help: "Input filter: drop a sample closer than this to the last kept one (strict <).")
  }
}
