import Foundation

/// Typed access to a `JSONSerialization` tree, throwing `FormatError`s that name the key path.
///
/// Paths are autoclosures: the string is built only when an error is reported, so reading a
/// valid cell costs a type check, not a path string (decoding speed).
struct JSONReader {
  let file: String

  func fail(_ at: String, _ rule: String, _ value: Any?) -> FormatError {
    let shown: String
    switch value {
    case nil: shown = "nothing"
    case is NSNull: shown = "null"
    case let s as String: shown = s
    case let n as NSNumber: shown = n.stringValue
    case is [Any]: shown = "an array"
    case is [String: Any]: shown = "an object"
    default: shown = "\(value!)"
    }
    let field = at.split(separator: ".").last.map(String.init) ?? at
    return FormatError(
      .malformed, file: file, location: .path(at), field: field, rule: rule, value: shown)
  }

  func object(_ v: Any?, at: @autoclosure () -> String) throws(FormatError) -> [String: Any] {
    guard let o = v as? [String: Any] else { throw fail(at(), "must be an object", v) }
    return o
  }
  func array(_ v: Any?, at: @autoclosure () -> String) throws(FormatError) -> [Any] {
    guard let a = v as? [Any] else { throw fail(at(), "must be an array", v) }
    return a
  }
  func string(_ v: Any?, at: @autoclosure () -> String) throws(FormatError) -> String {
    guard let s = v as? String else { throw fail(at(), "must be a string", v) }
    return s
  }
  func optionalString(_ v: Any?, at: @autoclosure () -> String) throws(FormatError) -> String? {
    if v == nil || v is NSNull { return nil }
    return try string(v, at: at())
  }
  func number(_ v: Any?, at: @autoclosure () -> String) throws(FormatError) -> Double {
    guard let n = v as? NSNumber, !isBoolean(n) else { throw fail(at(), "must be a number", v) }
    return n.doubleValue
  }
  func bool(_ v: Any?, at: @autoclosure () -> String) throws(FormatError) -> Bool {
    guard let b = v as? Bool else { throw fail(at(), "must be true or false", v) }
    return b
  }
}

/// `true`/`false` arrive as `NSNumber` too; their one-letter type encoding ("c" or "B")
/// tells them apart. Read in place, without making a `String`.
private func isBoolean(_ n: NSNumber) -> Bool {
  let t = n.objCType
  return (t[0] == UInt8(ascii: "c") || t[0] == UInt8(ascii: "B")) && t[1] == 0
}
