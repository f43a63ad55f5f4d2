/// Sine and cosine in the standard library alone (same reason as `Elementary`: identical bytes
/// on every platform).
///
/// Method (Cody and Waite, *Software Manual for the Elementary Functions*, 1980; the split
/// constants of π/2 are fdlibm's): x = k·π/2 + r with |r| ≤ π/4 by a two-part reduction, then
/// the Taylor series of sin r and cos r to degree 23 (truncation below 10⁻²²) and the quadrant
/// of k.
///
/// - Accuracy: for |x| ≤ 10⁵ rad, absolute error below 2.5 · 10⁻¹⁶, and within 2 ulp wherever
///   the result exceeds 0.01 in magnitude (both checked against the C library in the tests).
///   The angles used here stay below 100 rad.
/// - Complexity: O(1), about 25 multiply-adds, no allocation.
public enum Trigonometry {
  static let twoOverPi = 6.366_197_723_675_813_824_33e-01
  /// π/2 in two parts: the first 33 bits (so k · `piOver2Hi` is exact for |k| < 2²⁰) and the
  /// rest.
  static let piOver2Hi = 1.570_796_326_734_125_614_17
  static let piOver2Lo = 6.077_100_506_506_192_249_32e-11

  /// (sin x, cos x) together, for the cost of one reduction. NaN for non-finite x.
  public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard x.isFinite else { return (.nan, .nan) }
    let k = (x * twoOverPi).rounded()
    let r = (x - k * piOver2Hi) - k * piOver2Lo
    let r2 = r * r
    var s = 1.0
    var c = 1.0
    for n in stride(from: 11, through: 1, by: -1) {
      let m = Double(2 * n)
      s = 1 - s * r2 / (m * (m + 1))
      c = 1 - c * r2 / ((m - 1) * m)
    }
    let sinR = r * s
    switch Int(k.truncatingRemainder(dividingBy: 4)) {
    case 0: return (sinR, c)
    case 1, -3: return (c, -sinR)
    case 2, -2: return (-sinR, -c)
    default: return (-c, sinR)
    }
  }

  /// sin x (radians).
  public static func sin(_ x: Double) -> Double { sinCos(x).sin }
  /// cos x (radians).
  public static func cos(_ x: Double) -> Double { sinCos(x).cos }
}
