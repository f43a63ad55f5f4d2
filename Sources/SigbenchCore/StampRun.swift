/// The circle stamps along one cubic Bézier curve, kept as the curve and written out as discs
/// only by the consumer that draws, exports or measures them.
///
/// Its fill is exactly the discs `forEachDisc` produces, so a run and its written-out discs are
/// interchangeable for every purpose (rendering, vector export, metrics); keeping the run lets
/// a strategy emit one 112-byte value per curve instead of evaluating and storing every stamp
/// (24 bytes each, about 2 per px of curve) on every push, and moves that work to where the
/// ink is drawn.
///
/// Stamp rule (signature_pad 5.1.3, `SignaturePad._drawCurve`): stamp k of `count`
/// (k = 0 … count − 1) is at t = k/`count` (t = 1 is left to the next curve), centred on the
/// curve's point at t and of radius `min(r₀ + t³·(r₁ − r₀), maxRadius)`. The point is evaluated
/// in the power basis `((a·t + b)·t + c)·t + d`, with `a = p3 − p0 + 3(p1 − p2)`,
/// `b = 3(p0 − 2p1 + p2)`, `c = 3(p1 − p0)` and `d = p0 + o` (the same polynomial as the
/// Bernstein form, equal within rounding), and `t = k · (1/count)`. Arithmetic runs on
/// `SIMD2<Double>` lanes, x and y side by side, each lane with the same IEEE operations in the
/// same order as the expressions above, so every disc is the same, bit for bit, wherever it is
/// written out.
///
/// `o` is `origin`: the curve is stroke-local and moved as it is written.
///
/// - Complexity: writing out is O(`count`): about 10 floating-point operations per stamp after
///   12 per run.
public struct StampRun: Hashable, Sendable, BitwiseCopyable {
  /// The curve, stroke-local, CSS px: its end points and the two controls in evaluation order
  /// (`control1` next to `start`, `control2` next to `end`).
  public var start: Point
  public var control1: Point
  public var control2: Point
  public var end: Point
  /// Where the stroke-local coordinates start on the page (CSS px).
  public var origin: Point
  /// Radius at t = 0 and at t = 1 before the cap, px (finite, ≥ 0 in practice).
  public var startRadius: Double
  public var endRadius: Double
  /// Largest stamp radius, px.
  public var maxRadius: Double
  /// Number of stamps, ≥ 1.
  public var count: Int

  @inlinable public init(
    start: Point, control1: Point, control2: Point, end: Point, origin: Point,
    startRadius: Double, endRadius: Double, maxRadius: Double, count: Int
  ) {
    self.start = start
    self.control1 = control1
    self.control2 = control2
    self.end = end
    self.origin = origin
    self.startRadius = startRadius
    self.endRadius = endRadius
    self.maxRadius = maxRadius
    self.count = count
  }

  /// Every written-out disc has a finite centre and radius.
  public var isFinite: Bool {
    var finite = true
    forEachDisc { d in finite = finite && d.center.isFinite && d.radius.isFinite }
    return finite
  }

  /// Calls `body` with each stamp, k = 0 … `count` − 1, in order (see the type's
  /// documentation for the numbers).
  @inlinable @inline(__always) public func forEachDisc(_ body: (Disc) throws -> Void) rethrows {
    let s = Stamps(self)
    for k in 0..<count { try body(s.disc(k)) }
  }

  /// Writes the `count` stamps, in order, to `out` (room for `count` uninitialized discs).
  @inlinable public func write(to out: UnsafeMutablePointer<Disc>) {
    let s = Stamps(self)
    for k in 0..<count { (out + k).initialize(to: s.disc(k)) }
  }

  /// Appends the `count` stamps, in order, to `discs`.
  @inlinable public func appendDiscs(to discs: inout [Disc]) {
    discs.reserveCapacity(discs.count + count)
    forEachDisc { discs.append($0) }
  }

  /// The run moved by `offset` (its origin moves; the stamps move within rounding).
  public func translated(by offset: Point) -> StampRun {
    var r = self
    r.origin = origin + offset
    return r
  }

  /// The run's power-basis coefficients and radius ramp, computed once per write-out.
  @usableFromInline struct Stamps {
    @usableFromInline let a: SIMD2<Double>
    @usableFromInline let b: SIMD2<Double>
    @usableFromInline let c: SIMD2<Double>
    @usableFromInline let d: SIMD2<Double>
    @usableFromInline let r0: Double
    @usableFromInline let dr: Double
    @usableFromInline let maxRadius: Double
    @usableFromInline let step: Double

    @inlinable @inline(__always) init(_ run: StampRun) {
      let p0 = SIMD2(run.start.x, run.start.y)
      let p1 = SIMD2(run.control1.x, run.control1.y)
      let p2 = SIMD2(run.control2.x, run.control2.y)
      let p3 = SIMD2(run.end.x, run.end.y)
      a = p3 - p0 + 3 * (p1 - p2)
      b = 3 * (p0 - 2 * p1 + p2)
      c = 3 * (p1 - p0)
      d = p0 + SIMD2(run.origin.x, run.origin.y)
      r0 = run.startRadius
      dr = run.endRadius - run.startRadius
      maxRadius = run.maxRadius
      step = 1 / Double(run.count)
    }

    /// Stamp `k`.
    @inlinable @inline(__always) func disc(_ k: Int) -> Disc {
      let t = Double(k) * step
      let p = ((a * t + b) * t + c) * t + d
      return Disc(
        center: Point(x: p.x, y: p.y), radius: Swift.min(r0 + t * t * t * dr, maxRadius))
    }
  }
}
