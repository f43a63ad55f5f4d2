import Foundation

/// One array member of a JSON document's top-level object, found as bytes without decoding
/// the document: by default `result.json`'s `samples`, whose entries `merge` passes through to
/// the merged `result.json` unchanged (decoding an entry and encoding it again costs some
/// 35 µs of a core, most of a merge's time at scale); also a shard ledger's `names`, which a
/// merge leaves out of every ledger but one (`shell`) rather than have a decoder parse them.
///
/// A single pass over the document follows JSON's structure (RFC 8259: strings with their
/// escapes, objects, arrays) and records where the member lies and, when its elements are
/// objects, where each begins and ends. It checks only that structure: the values themselves
/// are for a decoder (`shell` and `arrayBytes` are decoded by the caller).
///
/// - Complexity: O(bytes), one pass; memory O(elements).
public struct RawArrayMember: Sendable {
  /// The whole document.
  public let data: Data
  /// The array `[` … `]` of the member, as offsets into `data`.
  public let array: Range<Int>
  /// Each element of that array (`{` … `}`), in order, as offsets into `data`, when the
  /// elements are objects (`objects`); empty otherwise.
  public let entries: [Range<Int>]

  /// Where the structure is not what a result's is.
  public struct LayoutError: Error, Sendable, CustomStringConvertible {
    /// Offset of the byte the rule failed at.
    public var offset: Int
    public var rule: String
    public var description: String { "byte \(offset): \(rule)" }
  }

  /// Finds the array `member` of `data`'s top-level object. With `objects`, each element must
  /// be an object and is recorded; without, the elements are not looked at.
  public init(_ data: Data, member: String = "samples", objects: Bool = true)
    throws(LayoutError)
  {
    self.data = data
    let key = Array("\"\(member)\"".utf8)
    let found = data.withUnsafeBytes { RawArrayMember.scan($0, key: key, objects: objects) }
    switch found {
    case .success(let (array, entries)):
      self.array = array
      self.entries = entries
    case .failure(let e): throw e
    }
  }

  /// The document with the member's array empty: everything else, for a decoder.
  public var shell: Data {
    var out = Data(capacity: data.count - array.count + 2)
    out.append(data[data.startIndex..<data.startIndex + array.lowerBound])
    out.append(contentsOf: Array("[]".utf8))
    out.append(data[(data.startIndex + array.upperBound)...])
    return out
  }

  /// The bytes of the member's array, `[` to `]`.
  public var arrayBytes: Data {
    data[(data.startIndex + array.lowerBound)..<(data.startIndex + array.upperBound)]
  }

  /// The bytes of entry `i`, `{` to `}`.
  public func entry(_ i: Int) -> Data {
    let r = entries[i]
    return data[(data.startIndex + r.lowerBound)..<(data.startIndex + r.upperBound)]
  }

  // Bytes the scan looks for.
  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let openBrace = UInt8(ascii: "{")
  private static let closeBrace = UInt8(ascii: "}")
  private static let openBracket = UInt8(ascii: "[")
  private static let closeBracket = UInt8(ascii: "]")
  private static let colon = UInt8(ascii: ":")

  /// The member's name from its quoted key.
  private static func name(_ key: [UInt8]) -> String {
    String(decoding: key.dropFirst().dropLast(), as: UTF8.self)
  }

  private typealias Found = (array: Range<Int>, entries: [Range<Int>])

  /// The pass: depth 1 is inside the top-level object, depth 2 inside the value of one of its
  /// members, and so on.
  private static func scan(_ b: UnsafeRawBufferPointer, key: [UInt8], objects: Bool) -> Result<
    Found, LayoutError
  > {
    func fail(_ at: Int, _ rule: String) -> Result<Found, LayoutError> {
      .failure(LayoutError(offset: at, rule: rule))
    }
    let n = b.count
    var i = 0
    var depth = 0
    /// Opening bytes of the open containers, to match their closing bytes.
    var open: [UInt8] = []
    var arrayStart: Int?
    var array: Range<Int>?
    var entries: [Range<Int>] = []
    var entryStart = 0
    /// At depth 1, whether the next string is a member's name (not its value).
    var expectKey = true
    var keyIsMember = false
    while i < n {
      let c = b[i]
      if c == quote {
        let start = i
        // To the closing quote: the next quote after an even number of backslashes (an odd
        // number escapes it), found with memchr (strings are most of a result's bytes).
        var from = i + 1
        while true {
          guard from < n, let hit = memchr(b.baseAddress! + from, Int32(quote), n - from) else {
            return fail(start, "a string opened here is never closed")
          }
          let q = b.baseAddress!.distance(to: UnsafeRawPointer(hit))
          var k = q - 1
          while k > start, b[k] == backslash { k -= 1 }
          if (q - 1 - k) % 2 == 0 {
            i = q
            break
          }
          from = q + 1
        }
        if depth == 1 {
          if expectKey {
            keyIsMember =
              i + 1 - start == key.count
              && key.withUnsafeBufferPointer { k in
                memcmp(b.baseAddress! + start, k.baseAddress!, k.count) == 0
              }
          }
          expectKey = false
        }
        i += 1
        continue
      }
      switch c {
      case openBrace, openBracket:
        if depth == 0, c != openBrace { return fail(i, "a result is a JSON object") }
        if depth == 1 {
          if keyIsMember, c == openBracket {
            guard arrayStart == nil else {
              return fail(i, "a second '\(name(key))' member")
            }
            arrayStart = i
          }
        }
        if objects, depth == 2, arrayStart != nil, array == nil {
          guard c == openBrace else {
            return fail(i, "each element of '\(name(key))' is a JSON object")
          }
          entryStart = i
        }
        open.append(c)
        depth += 1
      case closeBrace, closeBracket:
        guard let o = open.popLast(), (o == openBrace) == (c == closeBrace) else {
          let (close, opener) = c == closeBrace ? ("}", "{") : ("]", "[")
          return fail(i, "a '\(close)' with no '\(opener)' open to close")
        }
        depth -= 1
        if objects, depth == 2, arrayStart != nil, array == nil {
          entries.append(entryStart..<(i + 1))
        }
        if depth == 1, let s = arrayStart, array == nil, c == closeBracket, keyIsMember {
          array = s..<(i + 1)
        }
        if depth == 0 {
          // Only white space may follow the document.
          var j = i + 1
          while j < n, b[j] == 0x20 || b[j] == 0x0A || b[j] == 0x0D || b[j] == 0x09 { j += 1 }
          guard j == n else { return fail(j, "text after the end of the document") }
        }
      case colon:
        if depth == 1 { expectKey = false }
      case UInt8(ascii: ","):
        if depth == 1 {
          expectKey = true
          keyIsMember = false
        }
      default:
        break
      }
      i += 1
    }
    guard depth == 0 else { return fail(n, "the document ends inside an object or array") }
    guard let array else {
      return fail(n, "no top-level '\(name(key))' array")
    }
    return .success((array, entries))
  }
}
