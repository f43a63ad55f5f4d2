import Foundation

/// Brings an XML file to valid UTF-8 before Foundation's `XMLParser` sees it.
///
/// Why: on Linux, Foundation's SAX glue force-unwraps every name, attribute value and comment
/// it converts from libxml2's UTF-8 (`UTF8STRING(...)!` in swift-corelibs-foundation's
/// XMLParser.swift), and libxml2 hands over bytes that are not UTF-8 when a file's bytes do
/// not match its declared (or default) encoding. A flipped byte in an ISO-8859-1 IAM file
/// traps the process. So the encoding is settled here:
/// - a UTF-8 BOM is dropped; UTF-16 (with a BOM) is transcoded;
/// - `encoding="ISO-8859-1"` (also `latin1`, `US-ASCII`, `windows-1252`, read as Latin-1) is
///   transcoded byte by byte and the declaration rewritten to `UTF-8` (same line count);
/// - UTF-8 (declared or default) is validated; any other declared encoding is rejected.
/// Invalid bytes are an error naming the byte offset. Processing instructions are blanked
/// (`blankProcessingInstructions`) and a DOCTYPE is rejected: Foundation passes null pointers
/// from DTD declarations (notations, unparsed entities) into non-optional parameters. Complexity: O(file size).
enum XMLInput {
  static func utf8(_ data: Data, file: String) throws(FormatError) -> Data {
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      guard let text = String(data: Data(bytes), encoding: .utf16) else {
        throw FormatError(
          .malformed, file: file, location: .byte(0), field: "encoding",
          rule: "must be valid UTF-16 after a UTF-16 byte order mark", value: "invalid UTF-16")
      }
      bytes = Array(text.utf8)
      if let range = declaredEncodingRange(bytes) {
        bytes.replaceSubrange(range, with: Array("UTF-8".utf8))
      }
    }
    if let range = declaredEncodingRange(bytes) {
      let name = String(decoding: bytes[range], as: UTF8.self).uppercased()
      switch name {
      case "UTF-8", "UTF8": break
      case "ISO-8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "L1", "US-ASCII", "ASCII",
        "WINDOWS-1252", "CP1252":
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        func latin1(_ part: ArraySlice<UInt8>) {
          for b in part {
            if b < 0x80 {
              out.append(b)
            } else {
              out.append(0xC0 | b >> 6)
              out.append(0x80 | b & 0x3F)
            }
          }
        }
        latin1(bytes[..<range.lowerBound])
        out += Array("UTF-8".utf8)
        latin1(bytes[range.upperBound...])
        bytes = out
      default:
        throw FormatError(
          .unsupportedVersion, file: file, location: .line(1), field: "encoding",
          rule: "must be UTF-8, UTF-16 or ISO-8859-1", value: name)
      }
    }
    if let bad = firstInvalidUTF8(bytes) {
      throw FormatError(
        .malformed, file: file, location: .byte(bad), field: "encoding",
        rule: "must be valid UTF-8 (the declared or default encoding)",
        value: String(format: "byte 0x%02X", bytes[bad]))
    }
    if let at = find(Array("<!DOCTYPE".utf8), in: bytes) {
      let line = bytes[..<at].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      throw FormatError(
        .malformed, file: file, location: .line(line), field: "DOCTYPE",
        rule: "must not be present (ink formats use no DTD; Foundation's parser can crash on one)",
        value: "<!DOCTYPE")
    }
    blankProcessingInstructions(&bytes)
    return Data(bytes)
  }

  /// Offset of the first occurrence of `needle` in `b`.
  static func find(_ needle: [UInt8], in b: [UInt8]) -> Int? {
    guard !needle.isEmpty, b.count >= needle.count else { return nil }
    var i = 0
    while i <= b.count - needle.count {
      if b[i] == needle[0] && b[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  /// Replaces every processing instruction `<?…?>` except a leading XML declaration with
  /// spaces (newlines kept, so line numbers do not move). Foundation on Linux crashes on a
  /// processing instruction without data (`<?pi?>` hands a null pointer to a non-optional
  /// parameter), and no ink format here uses them. An unterminated `<?` is blanked to the end.
  static func blankProcessingInstructions(_ b: inout [UInt8]) {
    var i = 0
    let n = b.count
    if b.starts(with: Array("<?xml".utf8)), n > 5, XMLNumberScanner.isSpace(b[5]) {
      // Keep the declaration: skip to its end.
      while i + 1 < n, !(b[i] == 63 && b[i + 1] == 62) { i += 1 }
      i += 2
    }
    while i + 1 < n {
      if b[i] == 60 && b[i + 1] == 63 {
        var j = i
        while j < n {
          let end = j + 1 < n && b[j] == 63 && b[j + 1] == 62
          if b[j] != 0x0A { b[j] = 0x20 }
          if end {
            b[j + 1] = 0x20
            j += 2
            break
          }
          j += 1
        }
        i = j
      } else {
        i += 1
      }
    }
  }

  /// The byte range of the name in `<?xml … encoding="name" … ?>` at the start of `b`.
  static func declaredEncodingRange(_ b: [UInt8]) -> Range<Int>? {
    guard b.starts(with: Array("<?xml".utf8)) else { return nil }
    let limit = min(b.count, 512)
    guard let end = (0..<max(0, limit - 1)).first(where: { b[$0] == 63 && b[$0 + 1] == 62 })
    else { return nil }
    let key = Array("encoding".utf8)
    var i = 5
    while i + key.count < end {
      if b[i..<(i + key.count)].elementsEqual(key) {
        var j = i + key.count
        while j < end, XMLNumberScanner.isSpace(b[j]) { j += 1 }
        guard j < end, b[j] == 61 else { return nil }
        j += 1
        while j < end, XMLNumberScanner.isSpace(b[j]) { j += 1 }
        guard j < end, b[j] == 34 || b[j] == 39 else { return nil }
        let quote = b[j]
        let start = j + 1
        guard let close = (start..<end).first(where: { b[$0] == quote }) else { return nil }
        return start..<close
      }
      i += 1
    }
    return nil
  }

  /// Offset of the first byte that breaks UTF-8 (overlongs, surrogates and values above
  /// U+10FFFF included), or `nil`.
  static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
    var i = 0
    let n = b.count
    while i < n {
      let c = b[i]
      if c < 0x80 {
        i += 1
        continue
      }
      var need = 0
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch c {
      case 0xC2...0xDF: need = 1
      case 0xE0:
        need = 2
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: need = 2
      case 0xED:
        need = 2
        upper = 0x9F
      case 0xF0:
        need = 3
        lower = 0x90
      case 0xF1...0xF3: need = 3
      case 0xF4:
        need = 3
        upper = 0x8F
      default: return i
      }
      guard i + need < n else { return i }
      guard b[i + 1] >= lower && b[i + 1] <= upper else { return i }
      for k in 2..<(need + 1) where b[i + k] & 0xC0 != 0x80 { return i }
      i += need + 1
    }
    return nil
  }
}
