/// Scans an unsigned decimal number (`12`, `1.5`, `.5`, `5.`, `1e3`, `2.5E-4`) from UTF-8 bytes.
///
/// Used by the InkML trace grammar (W3C InkML 2011 `decimal` and `double` numbers) and the XML
/// attribute readers. The result is correctly rounded: when the significand has at most 15
/// digits and the decimal exponent is within ±22, one exact multiplication or division by a
/// power of ten gives the correctly rounded double (the classic fast path); anything longer
/// falls back to the standard library's parser. Complexity: O(length of the number).
enum XMLNumberScanner {
  static let powersOfTen: [Double] = (0...22).map { p in
    var v = 1.0
    for _ in 0..<p { v *= 10 }
    return v
  }

  /// Scans from `start`; returns the value and the index after the number, or `nil` when no
  /// digit is found (the caller reports the error). A non-finite result (overflow) is returned
  /// as is; callers reject it.
  @inline(__always)
  static func scan(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (Double, Int)? {
    var i = start
    let n = b.count
    var mantissa: UInt64 = 0
    var digits = 0
    var dropped = 0  // integer digits beyond 19 significant ones
    var exponent = 0
    var sawDigit = false
    while i < n, b[i] &- 48 < 10 {
      sawDigit = true
      if digits < 19 {
        mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48)
        if mantissa != 0 { digits += 1 }
      } else {
        dropped += 1
      }
      i += 1
    }
    if i < n, b[i] == UInt8(ascii: ".") {
      i += 1
      while i < n, b[i] &- 48 < 10 {
        sawDigit = true
        if digits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(b[i] &- 48)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        }
        i += 1
      }
    }
    guard sawDigit else { return nil }
    exponent += dropped
    if i < n, b[i] | 0x20 == UInt8(ascii: "e") {
      var j = i + 1
      var negative = false
      if j < n, b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-") {
        negative = b[j] == UInt8(ascii: "-")
        j += 1
      }
      if j < n, b[j] &- 48 < 10 {
        var e = 0
        while j < n, b[j] &- 48 < 10 {
          if e < 100_000 { e = e * 10 + Int(b[j] &- 48) }
          j += 1
        }
        exponent += negative ? -e : e
        i = j
      }
      // An `e` without digits is not part of the number; the caller sees it next.
    }
    if digits <= 15 && exponent >= -22 && exponent <= 22 && dropped == 0 {
      let m = Double(mantissa)
      return (exponent >= 0 ? m * powersOfTen[exponent] : m / powersOfTen[-exponent], i)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
    return (Double(text) ?? .nan, i)
  }

  /// Parses a whole string as an optionally signed number (attribute values such as
  /// `min="-2.14748E9"`, IAM `time="769.05"`); surrounding whitespace is allowed.
  static func parse(_ text: String) -> Double? {
    var copy = text
    return copy.withUTF8 { buf -> Double? in
      var i = 0
      let n = buf.count
      while i < n, isSpace(buf[i]) { i += 1 }
      var negative = false
      if i < n, buf[i] == UInt8(ascii: "-") || buf[i] == UInt8(ascii: "+") {
        negative = buf[i] == UInt8(ascii: "-")
        i += 1
      }
      guard let (v, end) = scan(buf, from: i) else { return nil }
      var j = end
      while j < n, isSpace(buf[j]) { j += 1 }
      guard j == n else { return nil }
      return negative ? -v : v
    }
  }

  @inline(__always) static func isSpace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
  }
}
