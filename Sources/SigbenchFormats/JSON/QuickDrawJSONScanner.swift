import Foundation

/// A JSON value as the Quick, Draw! reader needs it.
enum QuickDrawJSON: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([QuickDrawJSON])
  /// An array holding only numbers (possibly empty).
  case numbers([Double])
  case object([(key: String, value: QuickDrawJSON)])

  subscript(key: String) -> QuickDrawJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value as a Foundation tree, the shape `JSONSerialization` gives.
  var tree: Any {
    switch self {
    case .null: return NSNull()
    case .bool(let b): return NSNumber(value: b)
    case .number(let n): return NSNumber(value: n)
    case .string(let s): return s
    case .array(let a): return a.map(\.tree)
    case .numbers(let a): return a.map { NSNumber(value: $0) }
    case .object(let members):
      var d: [String: Any] = [:]
      for m in members where d[m.key] == nil { d[m.key] = m.value.tree }
      return d
    }
  }

  /// A short description for error messages.
  var shown: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return String(b)
    case .number(let n): return String(n)
    case .string(let s): return s
    case .array, .numbers: return "an array"
    case .object: return "an object"
    }
  }
}

/// A small RFC 8259 parser over the bytes of one ndjson line, written for speed and for
/// errors that carry a byte column (Foundation's `JSONSerialization` reports neither a fast
/// path for number arrays nor a position).
///
/// `NativeFormat` uses it too (`parse`), for its exact numbers and positions.
///
/// Nesting is limited to `maxDepth` (64) so hostile input cannot exhaust the stack; numbers go
/// through `parseNumber` (exact for up to 15 significant digits). O(bytes) time.
struct QuickDrawJSONScanner {
  static let maxDepth = 64

  let bytes: UnsafeBufferPointer<UInt8>
  let end: Int
  var i: Int
  /// Set on failure: byte offset and what was expected.
  var failure: (offset: Int, rule: String)?

  init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
    self.bytes = bytes
    self.i = start
    self.end = end
  }

  /// Parses a whole document into the `Any` tree `JSONReader` reads (`[String: Any]`,
  /// `[Any]`, `String`, `NSNumber`, `NSNull`), or throws an error naming line and column.
  static func parseTree(_ data: Data, file: String) throws(FormatError) -> Any {
    try parse(data, file: file).tree
  }

  /// Parses a whole document, or throws an error naming line and column.
  static func parse(_ data: Data, file: String) throws(FormatError) -> QuickDrawJSON {
    try withBytes(data) { (b) throws(FormatError) -> QuickDrawJSON in
      var scanner = QuickDrawJSONScanner(b, start: 0, end: b.count)
      guard let value = scanner.parseDocument() else {
        let f = scanner.failure ?? (0, "must be JSON")
        var line = 1
        var lineStart = 0
        for k in 0..<min(f.offset, b.count) where b[k] == 0x0A {
          line += 1
          lineStart = k + 1
        }
        let shown = String(
          decoding: UnsafeBufferPointer(rebasing: b[f.offset..<min(b.count, f.offset + 20)]),
          as: UTF8.self)
        throw FormatError(
          .malformed, file: file, location: .line(line, column: f.offset - lineStart + 1),
          field: "JSON", rule: f.rule, value: shown.isEmpty ? "end of file" : shown)
      }
      return value
    }
  }

  /// Parses one value followed only by whitespace; `nil` with `failure` set otherwise.
  mutating func parseDocument() -> QuickDrawJSON? {
    guard let v = parseValue(depth: 0) else { return nil }
    skipSpace()
    guard i == end else { return fail("must end after the JSON value") }
    return v
  }

  private mutating func fail(_ rule: String) -> QuickDrawJSON? {
    if failure == nil { failure = (i, rule) }
    return nil
  }

  private mutating func skipSpace() {
    while i < end {
      let c = bytes[i]
      guard c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A else { return }
      i += 1
    }
  }

  private mutating func parseValue(depth: Int) -> QuickDrawJSON? {
    guard depth < QuickDrawJSONScanner.maxDepth else {
      return fail("must nest at most \(QuickDrawJSONScanner.maxDepth) deep")
    }
    skipSpace()
    guard i < end else { return fail("must continue with a value") }
    switch bytes[i] {
    case UInt8(ascii: "["):
      i += 1
      // Arrays of numbers (the bulk of ink files) are kept unboxed as `.numbers`.
      var numbers: [Double] = []
      var items: [QuickDrawJSON] = []
      var allNumbers = true
      skipSpace()
      if i < end, bytes[i] == UInt8(ascii: "]") {
        i += 1
        return .numbers([])
      }
      while true {
        skipSpace()
        if allNumbers, i < end, QuickDrawJSONScanner.startsNumber(bytes[i]) {
          guard let v = parseNumberToken() else { return nil }
          numbers.append(v)
        } else {
          if allNumbers {
            items = numbers.map { .number($0) }
            allNumbers = false
          }
          guard let v = parseValue(depth: depth + 1) else { return nil }
          items.append(v)
        }
        skipSpace()
        guard i < end else { return fail("must close the array with ]") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "]") {
          i += 1
          return allNumbers ? .numbers(numbers) : .array(items)
        }
        return fail("must separate array items with , or close with ]")
      }
    case UInt8(ascii: "{"):
      i += 1
      var members: [(key: String, value: QuickDrawJSON)] = []
      var keys = Set<String>()
      skipSpace()
      if i < end, bytes[i] == UInt8(ascii: "}") {
        i += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard i < end, bytes[i] == UInt8(ascii: "\"") else {
          return fail("must have a string key")
        }
        let keyAt = i
        guard let key = parseString() else { return nil }
        guard keys.insert(key).inserted else {
          i = keyAt
          return fail("must not repeat a key in one object (\"\(key)\" appears twice)")
        }
        skipSpace()
        guard i < end, bytes[i] == UInt8(ascii: ":") else { return fail("must have : after a key") }
        i += 1
        guard let v = parseValue(depth: depth + 1) else { return nil }
        members.append((key, v))
        skipSpace()
        guard i < end else { return fail("must close the object with }") }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
          continue
        }
        if bytes[i] == UInt8(ascii: "}") {
          i += 1
          return .object(members)
        }
        return fail("must separate members with , or close with }")
      }
    case UInt8(ascii: "\""):
      return parseString().map { .string($0) }
    case UInt8(ascii: "t"):
      return literal("true", .bool(true))
    case UInt8(ascii: "f"):
      return literal("false", .bool(false))
    case UInt8(ascii: "n"):
      return literal("null", .null)
    default:
      return parseNumberToken().map { .number($0) }
    }
  }

  static func startsNumber(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2B || c == 0x2E
  }

  private mutating func parseNumberToken() -> Double? {
    let start = i
    while i < end {
      let c = bytes[i]
      let numeric =
        (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2B || c == 0x2E || c == 0x65 || c == 0x45
      guard numeric else { break }
      i += 1
    }
    guard i > start, let v = parseNumber(bytes, start, i) else {
      i = start
      _ = fail("must be a JSON value")
      return nil
    }
    return v
  }

  private mutating func literal(_ word: StaticString, _ value: QuickDrawJSON) -> QuickDrawJSON? {
    let n = word.utf8CodeUnitCount
    guard end - i >= n else { return fail("must be a JSON value") }
    let p = word.utf8Start
    for k in 0..<n where bytes[i + k] != p[k] { return fail("must be a JSON value") }
    i += n
    return value
  }

  /// Parses a string starting at the opening quote.
  private mutating func parseString() -> String? {
    i += 1
    let start = i
    // Fast path: no escapes.
    while i < end {
      let c = bytes[i]
      if c == UInt8(ascii: "\"") {
        let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        i += 1
        return s
      }
      if c == UInt8(ascii: "\\") || c < 0x20 { break }
      i += 1
    }
    var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<i]))
    while i < end {
      let c = bytes[i]
      if c == UInt8(ascii: "\"") {
        i += 1
        return String(decoding: out, as: UTF8.self)
      }
      guard c >= 0x20 else {
        _ = fail("must not hold a raw control character in a string")
        return nil
      }
      if c != UInt8(ascii: "\\") {
        out.append(c)
        i += 1
        continue
      }
      i += 1
      guard i < end else { break }
      let e = bytes[i]
      i += 1
      switch e {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        guard var scalar = hex4() else { return nil }
        if scalar >= 0xD800, scalar < 0xDC00, end - i >= 6, bytes[i] == UInt8(ascii: "\\"),
          bytes[i + 1] == UInt8(ascii: "u")
        {
          i += 2
          guard let low = hex4() else { return nil }
          if low >= 0xDC00, low < 0xE000 {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
        }
        let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        out.append(contentsOf: Array(String(Character(u)).utf8))
      default:
        i -= 1
        _ = fail("must use a valid escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        return nil
      }
    }
    _ = fail("must close the string with \"")
    return nil
  }

  private mutating func hex4() -> UInt32? {
    guard end - i >= 4 else {
      _ = fail("must have four hex digits after \\u")
      return nil
    }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[i]
      let d: UInt32
      switch c {
      case 0x30...0x39: d = UInt32(c - 0x30)
      case 0x41...0x46: d = UInt32(c - 0x41 + 10)
      case 0x61...0x66: d = UInt32(c - 0x61 + 10)
      default:
        _ = fail("must have four hex digits after \\u")
        return nil
      }
      v = v << 4 | d
      i += 1
    }
    return v
  }
}
