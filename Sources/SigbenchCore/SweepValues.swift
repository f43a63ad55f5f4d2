/// The values one option of a spec takes: one value, a list `a|b|c`, or a range
/// `start..end:step`.
///
/// A range's values are `start + i·step` for i = 0…n with n = round((end − start) / step), so a
/// float step hits the inclusive end. When start and step are plain decimals (`0.005`, `-1.5`,
/// at most 15 significant digits) the sum is taken exactly in decimal and rounded once, so
/// `0..0.02:0.005` gives 0, 0.005, 0.01, 0.015 and 0.02 (not 0.015000000000000001); otherwise
/// (an exponent, more digits) in binary floating point.
public enum SweepValues: Hashable, Sendable {
  case single(String)
  case list([String])
  case range(start: String, end: String, step: String)

  /// Reads an option's text as written in a spec: `|` makes a list, `..` a range.
  public init(_ text: String) {
    let chars = Array(text)
    if chars.contains("|") {
      self = .list(
        text.split(separator: "|", omittingEmptySubsequences: false).map {
          String($0).trimmingSpaces()
        })
      return
    }
    var dots: Int?
    for i in chars.indices.dropLast() where chars[i] == "." && chars[i + 1] == "." {
      dots = i
      break
    }
    guard let dots else {
      self = .single(text)
      return
    }
    let start = String(chars[..<dots]).trimmingSpaces()
    let rest = chars[(dots + 2)...]
    if let colon = rest.firstIndex(of: ":") {
      self = .range(
        start: start, end: String(rest[..<colon]).trimmingSpaces(),
        step: String(rest[(colon + 1)...]).trimmingSpaces())
    } else {
      self = .range(start: start, end: String(rest).trimmingSpaces(), step: "")
    }
  }

  /// A list or a range.
  public var isSweep: Bool {
    if case .single = self { return false }
    return true
  }

  /// True when `text` holds a list or a range.
  public static func isSweep(_ text: String) -> Bool { SweepValues(text).isSweep }

  /// The number of values a range gives, or why it gives none: `integer` when the option takes
  /// whole numbers only (the start and step must then be whole).
  static func rangeCount(start: String, end: String, step: String, integer: Bool)
    -> Result<(start: Double, step: Double, count: Int), RangeProblem>
  {
    guard !step.isEmpty else { return .failure(.init("a range needs a step: start..end:step")) }
    guard let a = Double(start), a.isFinite else {
      return .failure(.init("the range's start '\(start)' is not a number"))
    }
    guard let b = Double(end), b.isFinite else {
      return .failure(.init("the range's end '\(end)' is not a number"))
    }
    guard let s = Double(step), s.isFinite, s > 0 else {
      return .failure(.init("the range's step '\(step)' must be a number above 0"))
    }
    guard b >= a else {
      return .failure(.init("the range's end \(end) is below its start \(start)"))
    }
    if integer, a != a.rounded() || s != s.rounded() {
      return .failure(
        .init("a whole-number option needs a whole start and step; got \(start) and \(step)"))
    }
    let n = ((b - a) / s).rounded()
    guard n < 1_000_000 else { return .failure(.init("the range gives over a million values")) }
    return .success((a, s, Int(n) + 1))
  }

  /// Value `i` of the range `start..…:step` (exact decimal sum when both are plain decimals).
  static func rangeValue(_ i: Int, start: String, step: String, a: Double, s: Double) -> Double {
    if let x = PlainDecimal(start), let d = PlainDecimal(step) {
      let scale = max(x.scale, d.scale)
      let (sx, ox) = x.digits.multipliedReportingOverflow(by: PlainDecimal.power(scale - x.scale))
      let (sd, od) = d.digits.multipliedReportingOverflow(by: PlainDecimal.power(scale - d.scale))
      let (step, os) = sd.multipliedReportingOverflow(by: Int64(i))
      let (sum, oa) = sx.addingReportingOverflow(step)
      if !(ox || od || os || oa), abs(sum) < 1 << 53 {
        return Double(sum) / Double(PlainDecimal.power(scale))
      }
    }
    return a + Double(i) * s
  }

  struct RangeProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }
}

/// A decimal written without exponent (`-12.345`): its digits as an integer and the number of
/// digits after the point.
struct PlainDecimal {
  let digits: Int64
  let scale: Int

  init?(_ text: String) {
    var t = Substring(text)
    var negative = false
    if let f = t.first, f == "-" || f == "+" {
      negative = f == "-"
      t = t.dropFirst()
    }
    let parts = t.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), !parts[0].isEmpty || parts.count == 2 else { return nil }
    let fraction = parts.count == 2 ? parts[1] : ""
    let all = parts[0] + fraction
    guard !all.isEmpty, all.count <= 15, all.allSatisfy({ $0.isASCII && $0.isNumber }),
      let v = Int64(all)
    else { return nil }
    digits = negative ? -v : v
    scale = fraction.count
  }

  /// 10^n for n in 0…18.
  static func power(_ n: Int) -> Int64 {
    var p: Int64 = 1
    for _ in 0..<n { p *= 10 }
    return p
  }
}
