import CVectorMath
import SigbenchCore

/// One curve of signature_pad 5.1.3: a cubic Bézier between two kept points, its handles from
/// the three-point construction, and its stamped-circle drawing.
///
/// Handles (signature_pad 5.1.3, `Bezier.calculateControlPoints`): for consecutive points
/// s1, s2, s3 with chords l1 = |s2 − s1| and l2 = |s3 − s2|, the midpoints of the two chords
/// are moved so that the point splitting them in the ratio l1 : l2 lands on s2. Written out,
/// the handle entering s2 is `s2 − l1/(l1 + l2) · (s3 − s1)/2` and the one leaving s2 is
/// `s2 + l2/(l1 + l2) · (s3 − s1)/2`: the tangent at s2 is parallel to s3 − s1, and each
/// handle is as long as its side's share (half a chord for evenly spaced points, 1.5 × the
/// handle of uniform Catmull-Rom). When l1 + l2 is 0 both handles are s2.
///
/// Drawing (signature_pad 5.1.3, `SignaturePad._drawCurve` and `Bezier.length`): the length
/// estimate L is the sum of the 10 chords between t = 0, 0.1, …, 1; the curve gets
/// n = 2·⌈L⌉ circle stamps at t = i/n for i = 0 … n − 1 (t = 1 is left to the next curve), of
/// radius `min(r₀ + t³·(r₁ − r₀), maxWidth)`. All positions are in CSS px, radii in px. The
/// stamps are kept as one `StampRun` (the curve, its radii, the cap and n) and written out as
/// discs by whoever draws, exports or measures the ink.
///
/// - Complexity: O(1) per curve (the length estimate and one run appended); writing the
///   stamps out is O(n), about 2 per px of curve. No allocation beyond the caller's geometry
///   arrays.
public struct SignaturePadCurve: Hashable, Sendable {
  public var start: Point
  /// The control next to `start` in evaluation order.
  public var control1: Point
  /// The control next to `end` in evaluation order.
  public var control2: Point
  public var end: Point
  /// Radius at `start` (the previous curve's end radius), px.
  public var startRadius: Double
  /// Radius at `end` (from the filtered speed of this curve), px.
  public var endRadius: Double

  public init(
    start: Point, control1: Point, control2: Point, end: Point, startRadius: Double,
    endRadius: Double
  ) {
    self.start = start
    self.control1 = control1
    self.control2 = control2
    self.end = end
    self.startRadius = startRadius
    self.endRadius = endRadius
  }

  /// Most stamps one curve gets (50,000 px of curve, far beyond any canvas), so that an
  /// absurd jump cannot overflow the count; signature_pad has no limit.
  public static let maximumSteps = 100_000

  /// The handles at `s2` of the three-point construction: the one entering s2 (towards s1) and
  /// the one leaving it (towards s3).
  @inlinable public static func handles(_ s1: Point, _ s2: Point, _ s3: Point)
    -> (entering: Point, leaving: Point)
  {
    handles(s1, s2, s3, l1: s1.distance(to: s2), l2: s2.distance(to: s3))
  }

  /// `handles(s1, s2, s3)` with its chord lengths given, px: `l1` must be
  /// `s1.distance(to: s2)` and `l2` `s2.distance(to: s3)` (then the result is the same, bit for
  /// bit), so that a chord shared by two handle pairs and the speed is measured once.
  @inlinable static func handles(
    _ s1: Point, _ s2: Point, _ s3: Point, l1: Double, l2: Double
  ) -> (entering: Point, leaving: Point) {
    let total = l1 + l2
    guard total > 0 else { return (s2, s2) }
    let half = (s3 - s1) * 0.5
    return (s2 - half * (l1 / total), s2 + half * (l2 / total))
  }

  /// Position at parameter `t` in [0, 1].
  @inlinable public func point(at t: Double) -> Point {
    CenterlineSegment.point(start, control1, control2, end, at: t)
  }

  /// The 10-chord length estimate, px: the chords between t = 0, 0.1, …, 1, summed in that
  /// order.
  ///
  /// Bit for bit `point(at:)` and `Point.distance(to:)` (the same operations in the same
  /// order, x and y side by side). Two points and two chords at a time (`addChords`), so the
  /// ten square roots, which wait on one another in the divider unit, are five two-lane
  /// instructions; the weights are constants.
  public var lengthEstimate: Double {
    var previous = start
    var total = 0.0
    addChords(at: SIMD2(0.1, 0.2), after: &previous, to: &total)
    addChords(at: SIMD2(0.3, 0.4), after: &previous, to: &total)
    addChords(at: SIMD2(0.5, 0.6), after: &previous, to: &total)
    addChords(at: SIMD2(0.7, 0.8), after: &previous, to: &total)
    addChords(at: SIMD2(0.9, 1.0), after: &previous, to: &total)
    return total
  }

  /// Adds to `total` the chords from `previous` to the point at `t[0]` and from there to the
  /// point at `t[1]`, in that order, and moves `previous` to the second point. The two points
  /// and chords are computed side by side (lane j is the point at `t[j]`), and their square
  /// roots taken by one two-lane instruction (`cvm_sqrt2`).
  @inline(__always) private func addChords(
    at t: SIMD2<Double>, after previous: inout Point, to total: inout Double
  ) {
    let u = 1 - t
    let w0 = u * u * u
    let w1 = 3 * u * u * t
    let w2 = 3 * u * t * t
    let w3 = t * t * t
    let xs = w0 * start.x + w1 * control1.x + w2 * control2.x + w3 * end.x
    let ys = w0 * start.y + w1 * control1.y + w2 * control2.y + w3 * end.y
    let dx = SIMD2(previous.x, xs.x) - xs
    let dy = SIMD2(previous.y, ys.x) - ys
    let roots = cvm_sqrt2(dx * dx + dy * dy)
    total += roots.x
    total += roots.y
    previous = Point(x: xs.y, y: ys.y)
  }

  /// Number of stamps: 2·⌈`lengthEstimate`⌉ (at most `maximumSteps`).
  ///
  /// The ceiling is `smallCeiling` (no libm call), exact here because the guard keeps
  /// 0 ≤ l < 2³¹ (`l` is a sum of square roots; NaN and infinity fail the guard, as they failed
  /// `isFinite`).
  @inline(__always) public var stepCount: Int {
    let l = lengthEstimate
    guard l < Double(Self.maximumSteps / 2) else { return Self.maximumSteps }
    return 2 * smallCeiling(l)
  }

  /// Stamp radius at `t`: the t³ ramp from `startRadius` to `endRadius`, capped at
  /// `maxRadius`, px.
  @inlinable public func radius(at t: Double, maxRadius: Double) -> Double {
    min(startRadius + t * t * t * (endRadius - startRadius), maxRadius)
  }

  /// Appends the centreline segment (full widths: 2 × the capped end radii) and the stamps (one
  /// `StampRun`, none when the curve has no stamps) to `ink`, everything moved by `origin` (the
  /// curve is stroke-local). `steps` must be `stepCount`, measured once by the caller.
  @inline(__always) func write(
    maxRadius: Double, origin: Point, steps: Int, into ink: inout InkGeometry
  ) {
    writeCenterline(maxRadius: maxRadius, origin: origin, into: &ink)
    if let run = stamps(maxRadius: maxRadius, origin: origin, steps: steps) { ink.append(run) }
  }

  /// Appends the centreline segment (full widths: 2 × the capped end radii), moved by
  /// `origin`.
  @inline(__always) func writeCenterline(
    maxRadius: Double, origin: Point, into ink: inout InkGeometry
  ) {
    ink.append(
      CenterlineSegment(
        start: start + origin, control1: control1 + origin, control2: control2 + origin,
        end: end + origin, startWidth: 2 * min(startRadius, maxRadius),
        endWidth: 2 * min(endRadius, maxRadius)))
  }

  /// The curve's `steps` stamps (`stepCount`) as one run, moved by `origin`; `nil` when there
  /// are none. The discs it writes out follow the stamp rule above (`StampRun` gives the
  /// expressions).
  public func stamps(maxRadius: Double, origin: Point, steps: Int) -> StampRun? {
    guard steps > 0 else { return nil }
    return StampRun(
      start: start, control1: control1, control2: control2, end: end, origin: origin,
      startRadius: startRadius, endRadius: endRadius, maxRadius: maxRadius, count: steps)
  }
}
