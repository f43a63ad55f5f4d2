import SigbenchCore

/// The points of a cubic at evenly spaced parameters t = i / k, i = 0…k, each exactly the
/// point `CenterlineSegment.point(at:)` computes (Bernstein form: the same IEEE operations in
/// the same order), two parameters at a time on `SIMD2<Double>` lanes. The churn samples every
/// previous tentative tail this way: about 710,000 points for 20 SVC2004 drawings, 48
/// instructions a point one at a time and about 32 so (the compiler keeps x and y, not the two
/// parameters, side by side).
enum CubicSamples {
  /// Writes the k + 1 points of `s` to `out[0...k]` and returns true when every control
  /// coordinate is below 1e300 in magnitude; else writes nothing and returns false (the caller
  /// evaluates and checks each point). Below that bound every point is finite, so none needs
  /// a check: t and u = 1 − t lie in [0, 1] as rounded, so the weights u³, 3u²t, 3ut² and t³
  /// lie in [0, 3] and a coordinate in [−8e300, 8e300].
  ///
  /// - Complexity: O(k).
  @inline(__always) static func write(
    _ s: CenterlineSegment, steps k: Int, to out: UnsafeMutablePointer<Point>
  ) -> Bool {
    // Each coordinate compared on its own: false for NaN (a `max` of them could drop it).
    @inline(__always) func small(_ p: Point) -> Bool { abs(p.x) < 1e300 && abs(p.y) < 1e300 }
    guard small(s.start), small(s.control1), small(s.control2), small(s.end) else { return false }
    let (p0x, p0y, p1x, p1y) = (s.start.x, s.start.y, s.control1.x, s.control1.y)
    let (p2x, p2y, p3x, p3y) = (s.control2.x, s.control2.y, s.end.x, s.end.y)
    let steps = Double(k)
    var i = 0
    while i < k {
      // `CenterlineSegment.point(at: Double(i) / Double(k))` for i and i + 1, lane by lane.
      let t = SIMD2<Double>(Double(i), Double(i + 1)) / steps
      let u = 1 - t
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      let d = t * t * t
      let x = a * p0x + b * p1x + c * p2x + d * p3x
      let y = a * p0y + b * p1y + c * p2y + d * p3y
      out[i] = Point(x: x[0], y: y[0])
      out[i + 1] = Point(x: x[1], y: y[1])
      i += 2
    }
    if i == k {
      out[k] = CenterlineSegment.point(s.start, s.control1, s.control2, s.end, at: steps / steps)
    }
    return true
  }
}
