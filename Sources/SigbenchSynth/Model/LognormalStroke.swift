import SigbenchCore

/// One pen-down trace of the sigma-lognormal model: the vector sum of overlapping lognormal
/// components (Plamondon, Biological Cybernetics 72, 1995; O'Reilly and Plamondon, Pattern
/// Recognition 42, 2009), from pen-down at `begin` to pen-up at `end`, starting at `origin`.
///
/// The pen is down from the earliest to the latest 3σ bound of its components
/// (`LognormalComponent.activeSpan`), so at most 0.27 % of each component's amplitude (0.135 %
/// at each end) lies outside the trace. Positions are exact (closed form), not integrated
/// numerically.
///
/// - Complexity: `position`, `velocity`: O(components) with one log, one erfc and two sin/cos
///   per component.
public struct LognormalStroke: Hashable, Sendable {
  /// The components, onsets in seconds from the drawing's start.
  public let components: [LognormalComponent]
  /// Pen-down position, px.
  public let origin: Point
  /// Pen-down time, seconds from the drawing's start.
  public let begin: Double
  /// Pen-up time, seconds from the drawing's start.
  public let end: Double
  /// Σ ξⱼ(begin): subtracted so that `position(at: begin) == origin`.
  let base: Point

  /// A stroke of `components` (at least one) whose pen-down position is `origin`.
  public init(components: [LognormalComponent], origin: Point) {
    precondition(!components.isEmpty, "a stroke needs at least one component")
    self.components = components
    self.origin = origin
    var b = Double.infinity
    var e = -Double.infinity
    for c in components {
      let span = c.activeSpan
      b = Swift.min(b, span.lowerBound)
      e = Swift.max(e, span.upperBound)
    }
    begin = b
    end = e
    var sum = Point.zero
    for c in components { sum = sum + c.displacement(at: b) }
    base = sum
  }

  /// Pen-down to pen-up, seconds.
  public var duration: Double { end - begin }

  /// The same movement `dt` seconds later and `offset` px away.
  public func shifted(time dt: Double, by offset: Point = .zero) -> LognormalStroke {
    LognormalStroke(
      components: components.map {
        var c = $0
        c.onset += dt
        return c
      }, origin: origin + offset)
  }

  /// The same movement with its pen-down at time `t`.
  public func starting(at t: Double) -> LognormalStroke { shifted(time: t - begin) }

  /// Pen-tip position at time `t` (px); t outside [begin, end] extrapolates the model.
  public func position(at t: Double) -> Point {
    var sum = Point.zero
    for c in components { sum = sum + c.displacement(at: t) }
    return origin + (sum - base)
  }

  /// Velocity at `t`: the vector sum of the components' velocities, px/s.
  public func velocity(at t: Double) -> Point {
    var sum = Point.zero
    for c in components { sum = sum + c.velocity(at: t) }
    return sum
  }

  /// Speed |velocity| at `t`, px/s.
  public func speed(at t: Double) -> Double { velocity(at: t).length }

  /// Bounds of the trace evaluated every `step` seconds (and at pen-up): close to the exact
  /// bounds, for layout; `TruthTrace` gives the exact path.
  public func roughBounds(step: Double = 0.005) -> Rect {
    var r = Rect(origin: origin, size: .zero)
    var k = 1.0
    while begin + k * step < end {
      r = r.including(position(at: begin + k * step))
      k += 1
    }
    return r.including(position(at: end))
  }
}
