/// The pen pressure of a synthetic stroke: it rises after pen-down, falls before pen-up, and in
/// between eases off as the pen speeds up (fast ballistic movements are lighter).
///
///     p(t) = clamp₀¹( (level − speedDrop · v / (v + referenceSpeed))
///                      · (1 − 0.85 e^(−(t − down)/landing)) · (1 − 0.85 e^(−(up − t)/lift)) )
///
/// with v the true speed at t (px/s). At pen-down and pen-up the pressure is 15 % of its
/// steady value; the envelope reaches 95 % of it after ≈ 2.8 time constants. The model is
/// declared here, not taken from a paper: it reproduces the qualitative shape of tablet pressure
/// at the ends of strokes; the speed term is a first-order assumption.
///
/// Units: `level`, `speedDrop` in [0, 1]; `referenceSpeed` px/s (> 0); `landing`, `lift` s (> 0).
/// Values are always in [0, 1].
public struct PressureModel: Hashable, Sendable {
  /// Steady pressure at rest, [0, 1].
  public var level: Double
  /// How much of it high speed takes away, [0, 1].
  public var speedDrop: Double
  /// Speed at which half of `speedDrop` is taken away, px/s.
  public var referenceSpeed: Double
  /// Time constant of the rise after pen-down, s.
  public var landing: Double
  /// Time constant of the fall before pen-up, s.
  public var lift: Double

  /// Fraction of the steady pressure at the instants of pen-down and pen-up.
  public static let contactFraction = 0.15

  public init(
    level: Double, speedDrop: Double, referenceSpeed: Double, landing: Double, lift: Double
  ) {
    precondition(referenceSpeed > 0 && landing > 0 && lift > 0, "time and speed scales > 0")
    self.level = level
    self.speedDrop = speedDrop
    self.referenceSpeed = referenceSpeed
    self.landing = landing
    self.lift = lift
  }

  /// Pressure at speed `speed` (px/s), `sinceDown` s after pen-down and `untilUp` s before
  /// pen-up (both clamped at 0), in [0, 1].
  public func pressure(speed: Double, sinceDown: Double, untilUp: Double) -> Double {
    let steady = level - speedDrop * speed / (speed + referenceSpeed)
    let k = 1 - Self.contactFraction
    let rise = 1 - k * Elementary.exp(-Swift.max(0, sinceDown) / landing)
    let fall = 1 - k * Elementary.exp(-Swift.max(0, untilUp) / lift)
    return Swift.min(1, Swift.max(0, steady * rise * fall))
  }
}
