import SigbenchCore

/// The position model of Google's Ink Stroke Modeler (google/ink-stroke-modeler, README
/// "Position modeling"): the drawn point is a mass pulled towards the input (the anchor) by a
/// spring and slowed by drag, integrated with semi-implicit Euler:
///
///     a = (anchor − s) / M − k_d · v,   v += Δt · a,   s += Δt · v
///
/// with M the spring–mass constant (s², the mass divided by the spring constant) and k_d the
/// drag constant (1/s). Positions in px, time in seconds. At a constant input velocity u the
/// model settles k_d · M · u behind the anchor it steps towards (24.4 ms of travel with the
/// published 11/32400 s² and 72 /s), u · Δt less once the step is taken.
///
/// - Complexity: O(1) per step, no allocation.
struct SpringPenModel: Sendable {
  /// Modelled position, px.
  var position: Point
  /// Modelled velocity, px/s.
  var velocity = Point.zero
  let springMass: Double
  let drag: Double

  /// At rest on `start`.
  init(at start: Point, springMass: Double, drag: Double) {
    position = start
    self.springMass = springMass
    self.drag = drag
  }

  /// The longest step that keeps the integration stable and free of oscillation, s: the drag
  /// removes at most all of the velocity (k_d · Δt ≤ 1) and the spring turns at most a radian
  /// per step (Δt ≤ √M).
  var stableStep: Double { min(1 / drag, springMass.squareRoot()) }

  /// One integration step of `dt` seconds towards `anchor`.
  @inline(__always) mutating func step(towards anchor: Point, dt: Double) {
    let acceleration = (anchor - position) * (1 / springMass) - velocity * drag
    velocity = velocity + acceleration * dt
    position = position + velocity * dt
  }
}
