import SigbenchCore

/// One component of the sigma-lognormal model of handwriting movement (Kinematic Theory:
/// R. Plamondon, "A kinematic theory of rapid human movements. Part I", Biological Cybernetics
/// 72, 1995; R. Plamondon and M. Djioua, "A multi-level representation paradigm for
/// handwriting stroke generation", Human Movement Science 25, 2006; C. O'Reilly and
/// R. Plamondon, "Development of a Sigma–Lognormal representation for on-line signatures",
/// Pattern Recognition 42, 2009).
///
/// A component moves the pen tip by `amplitude` along an arc whose direction turns evenly (in
/// travelled distance) from `startAngle` to `endAngle`, with a lognormal speed profile:
///
///     v(t) = D / (σ √(2π) (t − t₀)) · exp(−(ln(t − t₀) − μ)² / (2σ²))      for t > t₀
///     φ(t) = θs + (θe − θs) · Λ(t),   Λ(t) = ½ [1 + erf((ln(t − t₀) − μ) / (σ √2))]
///
/// Λ is the fraction of D travelled by time t, so the displacement integrates in closed form
/// (the trajectory form used by O'Reilly and Plamondon 2009):
///
///     ξ(t) = D / (θe − θs) · (sin φ(t) − sin θs,  cos θs − cos φ(t))
///
/// evaluated here as D Λ · sinc(ΔΛ/2) · (cos(θs + ΔΛ/2), sin(θs + ΔΛ/2)) with Δ = θe − θs,
/// which stays exact as Δ → 0 (a straight component). No numerical integration is involved:
/// positions are exact to the accuracy of `ErrorFunction` and `Trigonometry` (~10⁻¹⁵ relative).
///
/// Units: `amplitude` in CSS px, times in seconds, `logDelay` μ in ln(seconds), `logResponse` σ
/// dimensionless (> 0), angles in radians in the internal frame (x right, y down, so a positive
/// turn is clockwise on screen).
public struct LognormalComponent: Hashable, Sendable {
  /// D: distance travelled along the arc, px (≥ 0).
  public var amplitude: Double
  /// t₀: time of the command, seconds from the drawing's start.
  public var onset: Double
  /// μ: log-time delay, ln(s); e^μ is the median time from t₀.
  public var logDelay: Double
  /// σ: log-response time (> 0); larger is slower and more asymmetric.
  public var logResponse: Double
  /// θs: direction of motion at the start, radians.
  public var startAngle: Double
  /// θe: direction of motion at the end, radians.
  public var endAngle: Double

  public init(
    amplitude: Double, onset: Double, logDelay: Double, logResponse: Double, startAngle: Double,
    endAngle: Double
  ) {
    precondition(logResponse > 0 && amplitude >= 0, "σ must be > 0 and D ≥ 0")
    self.amplitude = amplitude
    self.onset = onset
    self.logDelay = logDelay
    self.logResponse = logResponse
    self.startAngle = startAngle
    self.endAngle = endAngle
  }

  /// Where the component is active for the purpose of a stroke's time span: t₀ + e^(μ ± 3σ),
  /// which holds 99.73 % of its motion (the convention of Plamondon's papers).
  public var activeSpan: ClosedRange<Double> {
    (onset + Elementary.exp(logDelay - 3 * logResponse))...(onset
      + Elementary.exp(logDelay + 3 * logResponse))
  }

  /// Time of peak speed, t₀ + e^(μ − σ²), seconds.
  public var peakTime: Double { onset + Elementary.exp(logDelay - logResponse * logResponse) }

  /// Peak speed, D e^(σ²/2 − μ) / (σ √(2π)), px/s.
  public var peakSpeed: Double {
    amplitude * Elementary.exp(logResponse * logResponse / 2 - logDelay)
      / (logResponse * 2.506_628_274_631_000_502_4)
  }

  /// The standardised log-time (ln(t − t₀) − μ)/σ, or nil for t ≤ t₀ (before the command).
  @inline(__always) func standardTime(_ t: Double) -> Double? {
    t > onset ? (Elementary.log(t - onset) - logDelay) / logResponse : nil
  }

  /// Λ(t): fraction of the amplitude travelled by t, in [0, 1] (0 for t ≤ t₀).
  public func progress(at t: Double) -> Double {
    guard let z = standardTime(t) else { return 0 }
    return 0.5 * ErrorFunction.erfc(-z * 0.707_106_781_186_547_524_4)
  }

  /// v(t): speed along the path, px/s (0 for t ≤ t₀).
  public func speed(at t: Double) -> Double {
    guard let z = standardTime(t) else { return 0 }
    return amplitude * Elementary.exp(-0.5 * z * z)
      / (logResponse * 2.506_628_274_631_000_502_4 * (t - onset))
  }

  /// φ(t): direction of motion, radians (θs for t ≤ t₀).
  public func direction(at t: Double) -> Double {
    startAngle + (endAngle - startAngle) * progress(at: t)
  }

  /// The velocity vector v(t) (cos φ(t), sin φ(t)), px/s.
  public func velocity(at t: Double) -> Point {
    let v = speed(at: t)
    guard v > 0 else { return .zero }
    let (s, c) = Trigonometry.sinCos(direction(at: t))
    return Point(x: v * c, y: v * s)
  }

  /// ξ(t): displacement from the component's start, px (closed form, see the type's comment).
  public func displacement(at t: Double) -> Point { displacement(progress: progress(at: t)) }

  /// The displacement once a fraction `lambda` of the amplitude is travelled.
  public func displacement(progress lambda: Double) -> Point {
    guard lambda > 0 else { return .zero }
    let half = 0.5 * (endAngle - startAngle) * lambda
    let sinc = Swift.abs(half) < 1e-4 ? 1 - half * half / 6 : Trigonometry.sin(half) / half
    let (sm, cm) = Trigonometry.sinCos(startAngle + half)
    let chord = amplitude * lambda * sinc
    return Point(x: chord * cm, y: chord * sm)
  }
}
