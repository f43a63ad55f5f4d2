/// The exponential and the natural logarithm written in the standard library alone, so the
/// synthetic corpus is the same bytes on every platform (no dependence on the C library's
/// `exp`/`log`, whose last bits differ between glibc and Darwin).
///
/// Method (Cody and Waite, *Software Manual for the Elementary Functions*, Prentice-Hall, 1980;
/// the split constants are those of Sun's fdlibm): reduce the argument by powers of two, then
/// sum a short series on the reduced argument by Horner's rule.
///
/// - Accuracy: within 2 ulp of the correctly rounded result over the whole finite range
///   (checked against the C library in the tests).
/// - Complexity: O(1), about 20 multiply-adds, no allocation.
public enum Elementary {
  /// ln 2 in two parts: `ln2Hi` has its low 32 bits zero, so `k · ln2Hi` is exact for the
  /// |k| ≤ 1100 that occur.
  static let ln2Hi = 6.931_471_803_691_238_164_90e-01
  static let ln2Lo = 1.908_214_929_270_587_700_02e-10
  static let invLn2 = 1.442_695_040_888_963_387_00
  /// The largest argument whose exponential is finite, and the smallest whose exponential is
  /// not zero (in double precision).
  static let expOverflow = 709.782_712_893_383_973_096
  static let expUnderflow = -745.133_219_101_941_108_42

  /// e^x. Returns +∞ above ≈ 709.78 and 0 below ≈ −745.13; NaN stays NaN.
  ///
  /// x = k ln 2 + r with |r| ≤ ½ ln 2, then e^r by its Taylor series to degree 15 (truncation
  /// below 10⁻¹⁹) and e^x = 2^k e^r.
  public static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > expOverflow { return .infinity }
    if x < expUnderflow { return 0 }
    let k = (x * invLn2).rounded()
    let r = (x - k * ln2Hi) - k * ln2Lo
    var s = 1.0
    for n in stride(from: 15, through: 1, by: -1) { s = 1 + s * r / Double(n) }
    return Double(sign: .plus, exponent: Int(k), significand: s)
  }

  /// ln x. Returns −∞ at 0, NaN below 0, +∞ at +∞.
  ///
  /// x = 2^e m with m in [√½, √2), then ln m = 2 atanh s with s = (m − 1)/(m + 1), |s| ≤ 0.172,
  /// by its series to s²⁵ (truncation below 10⁻¹⁹), and ln x = e ln 2 + ln m.
  public static func log(_ x: Double) -> Double {
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x == .infinity { return x }
    var e = Double(x.exponent)
    var m = x.significand
    if m > 1.414_213_562_373_095_1 {
      m *= 0.5
      e += 1
    }
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var p = 0.0
    for n in stride(from: 12, through: 1, by: -1) { p = (p + 1 / Double(2 * n + 1)) * s2 }
    return e * ln2Hi + (2 * s + (2 * s * p + e * ln2Lo))
  }
}
