/// Least-squares quadratic through a few points (x(τ) = a + b·τ + c·τ²), read at τ = 0: the
/// local polynomial smoother of Savitzky and Golay ("Smoothing and Differentiation of Data by
/// Simplified Least Squares Procedures", Analytical Chemistry 36, 1964), here with uneven
/// abscissae (sample times) and windows cut short at corners and stroke ends.
///
/// A quadratic keeps constant curvature (no shrinking of arcs, unlike a moving average) while
/// averaging out noise: on five evenly spaced points the value at the centre has 17/35 of the
/// variance of one sample. Three points are interpolated exactly.
///
/// - Complexity: O(points), no allocation.
struct LocalQuadraticFit {
  private var s0 = 0.0
  private var s1 = 0.0
  private var s2 = 0.0
  private var s3 = 0.0
  private var s4 = 0.0
  private var x0 = 0.0
  private var x1 = 0.0
  private var x2 = 0.0
  private var y0 = 0.0
  private var y1 = 0.0
  private var y2 = 0.0

  /// Adds a point at abscissa `tau` (any unit, 0 at the point being estimated).
  @inline(__always) mutating func add(tau: Double, x: Double, y: Double) {
    let t2 = tau * tau
    s0 += 1
    s1 += tau
    s2 += t2
    s3 += t2 * tau
    s4 += t2 * t2
    x0 += x
    x1 += x * tau
    x2 += x * t2
    y0 += y
    y1 += y * tau
    y2 += y * t2
  }

  /// The fitted value (a) and slope (b) at τ = 0 for both coordinates, or `nil` when the
  /// abscissae cannot carry a quadratic (fewer than three distinct ones).
  func solve() -> (x: Double, y: Double, dx: Double, dy: Double)? {
    // Cramer's rule on the normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·(a, b, c) = r.
    let m00 = s2 * s4 - s3 * s3
    let m01 = s1 * s4 - s3 * s2
    let m02 = s1 * s3 - s2 * s2
    let det = s0 * m00 - s1 * m01 + s2 * m02
    guard det.isFinite, abs(det) > 1e-12 * max(1, s0 * s2 * s4) else { return nil }
    func a(_ r0: Double, _ r1: Double, _ r2: Double) -> Double {
      (r0 * m00 - s1 * (r1 * s4 - s3 * r2) + s2 * (r1 * s3 - s2 * r2)) / det
    }
    func b(_ r0: Double, _ r1: Double, _ r2: Double) -> Double {
      (s0 * (r1 * s4 - r2 * s3) - r0 * m01 + s2 * (s1 * r2 - s2 * r1)) / det
    }
    return (a(x0, x1, x2), a(y0, y1, y2), b(x0, x1, x2), b(y0, y1, y2))
  }
}
