import SigbenchCore

/// The 1€ filter: an adaptive low-pass filter whose cutoff rises with speed, so slow movement
/// loses its jitter and fast movement keeps little lag (Casiez, Roussel, Vogel, "1€ Filter: A
/// Simple Speed-based Low-pass Filter for Noisy Input in Interactive Systems", CHI 2012).
///
/// For each sample with period Tₑ (the real time since the previous sample):
/// - α(f) = 1 / (1 + τ/Tₑ) with τ = 1 / (2π f);
/// - speed: v̂ᵢ = α(d-cutoff) · (xᵢ − x̂ᵢ₋₁)/Tₑ + (1 − α(d-cutoff)) · v̂ᵢ₋₁;
/// - cutoff: f꜀ = min-cutoff + β · |v̂ᵢ|;
/// - output: x̂ᵢ = α(f꜀) · xᵢ + (1 − α(f꜀)) · x̂ᵢ₋₁.
/// The first sample passes unchanged with v̂ = 0. Both axes share one speed, |v̂| of the 2-D
/// vector, so diagonals do not bend.
///
/// Time: a sample without time, or whose time does not advance (Δt ≤ 0 or not finite), uses the
/// previous period, or `untimedPeriod` (1/60 s) before there is one; the filter is therefore
/// tuned per 60 Hz step on untimed input.
///
/// Units: positions in CSS px, cutoffs in Hz, β in Hz per px/s (so it depends on the units:
/// tune it for px), speed in px/s.
///
/// - Complexity: O(1) time and state per sample; no allocation.
public struct OneEuroFilter: Sendable {
  /// The filter's constants.
  public struct Settings: Sendable, Hashable {
    /// Cutoff at rest, Hz (> 0).
    public var minCutoff: Double
    /// Speed coefficient, Hz per px/s (≥ 0).
    public var beta: Double
    /// Cutoff of the speed estimate, Hz (> 0).
    public var derivativeCutoff: Double

    public init(minCutoff: Double, beta: Double, derivativeCutoff: Double) {
      self.minCutoff = minCutoff
      self.beta = beta
      self.derivativeCutoff = derivativeCutoff
    }
  }

  /// Period assumed for untimed samples, s.
  public static let untimedPeriod = 1.0 / 60

  public let settings: Settings
  private var estimate = Point.zero
  private var speed = Point.zero
  private var lastTime: Double?
  private var period = OneEuroFilter.untimedPeriod
  private var started = false

  public init(_ settings: Settings) {
    self.settings = settings
  }

  /// α for cutoff `f` (Hz) at period `te` (s).
  @inlinable static func alpha(cutoff f: Double, period te: Double) -> Double {
    let tau = 1 / (2 * Double.pi * f)
    return 1 / (1 + tau / te)
  }

  /// The filtered position of `p` taken at `time` (s, or `nil`).
  public mutating func filter(_ p: Point, time: Double?) -> Point {
    guard started else {
      started = true
      estimate = p
      speed = .zero
      lastTime = time
      return p
    }
    if let t = time, let last = lastTime, t - last > 0, (t - last).isFinite {
      period = t - last
    }
    if let t = time { lastTime = t }
    let te = period
    let ad = Self.alpha(cutoff: settings.derivativeCutoff, period: te)
    let raw = (p - estimate) * (1 / te)
    speed = raw * ad + speed * (1 - ad)
    let cutoff = settings.minCutoff + settings.beta * speed.length
    let a = Self.alpha(cutoff: cutoff, period: te)
    estimate = p * a + estimate * (1 - a)
    return estimate
  }

  /// Forgets the stroke (a new one starts).
  public mutating func reset() {
    started = false
    lastTime = nil
    period = Self.untimedPeriod
  }
}
