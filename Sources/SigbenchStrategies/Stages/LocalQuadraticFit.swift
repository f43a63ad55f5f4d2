/// Least-squares quadratic through a few points (x(τ) = a + b·τ + c·τ²), read at τ = 0: the
/// local polynomial smoother of Savitzky and Golay ("Smoothing and Differentiation of Data by
/// Simplified Least Squares Procedures", Analytical Chemistry 36, 1964), here with uneven
/// abscissae (sample times) and windows cut short at corners and stroke ends.
///
/// A quadratic keeps constant curvature (no shrinking of arcs, unlike a moving average) while
/// averaging out noise: on five evenly spaced points the value at the centre has 17/35 of the
/// variance of one sample. Three points are interpolated exactly.
///
/// The two coordinates are fitted side by side, as the lanes of `SIMD2` values: every sum and
/// every solved value is the same operations in the same order as with one scalar per
/// coordinate (lane-wise arithmetic rounds each lane as the scalar operation would), with half
/// the instructions and divisions.
///
/// - Complexity: O(points), no allocation.
struct LocalQuadraticFit {
  private var s0 = 0.0
  /// (Σ τ, Σ τ²).
  private var s12 = SIMD2<Double>(0, 0)
  /// (Σ τ³, Σ τ⁴), each term τ²·τ and τ²·τ².
  private var s34 = SIMD2<Double>(0, 0)
  /// Σ p, Σ p·τ, Σ p·τ² for p = (x, y).
  private var r0 = SIMD2<Double>(0, 0)
  private var r1 = SIMD2<Double>(0, 0)
  private var r2 = SIMD2<Double>(0, 0)

  /// Adds a point at abscissa `tau` (any unit, 0 at the point being estimated).
  @inline(__always) mutating func add(tau: Double, x: Double, y: Double) {
    let t2 = tau * tau
    s0 += 1
    s12 += SIMD2(tau, t2)
    s34 += SIMD2(t2, t2) * SIMD2(tau, t2)
    let p = SIMD2(x, y)
    r0 += p
    r1 += p * tau
    r2 += p * t2
  }

  /// The fitted value (a) and slope (b) at τ = 0 for both coordinates, or `nil` when the
  /// abscissae cannot carry a quadratic (fewer than three distinct ones).
  @inline(__always) func solve() -> (x: Double, y: Double, dx: Double, dy: Double)? {
    let (s1, s2) = (s12.x, s12.y)
    let (s3, s4) = (s34.x, s34.y)
    // Cramer's rule on the normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·(a, b, c) = r.
    let m00 = s2 * s4 - s3 * s3
    let m01 = s1 * s4 - s3 * s2
    let m02 = s1 * s3 - s2 * s2
    let det = s0 * m00 - s1 * m01 + s2 * m02
    guard det.isFinite, abs(det) > 1e-12 * max(1, s0 * s2 * s4) else { return nil }
    // a = (r0·m00 − s1·(r1·s4 − s3·r2) + s2·(r1·s3 − s2·r2)) / det and
    // b = (s0·(r1·s4 − r2·s3) − r0·m01 + s2·(s1·r2 − s2·r1)) / det, per lane.
    let a = (r0 * m00 - (r1 * s4 - r2 * s3) * s1 + (r1 * s3 - r2 * s2) * s2) / det
    let b = ((r1 * s4 - r2 * s3) * s0 - r0 * m01 + (r2 * s1 - r1 * s2) * s2) / det
    return (a.x, a.y, b.x, b.y)
  }
}
