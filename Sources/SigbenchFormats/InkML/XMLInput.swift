import Foundation

/// Settles an XML file's encoding before libxml2 parses it, so that encoding errors name a
/// byte offset and the encodings real ink files use read alike:
/// - a UTF-8 byte order mark is dropped; UTF-16 and UTF-32 (UCS-4) with a byte order mark are
///   transcoded to UTF-8;
/// - UTF-16 and UCS-4 without a byte order mark are passed to libxml2 unchanged: it recognises
///   them from the first four bytes (XML 1.0 (Fifth Edition) Appendix F);
/// - `encoding="ISO-8859-1"` (also `latin1`, `US-ASCII`, `windows-1252`, read as Latin-1) is
///   transcoded byte by byte and the declaration rewritten to `UTF-8` (same line count);
/// - UTF-8 (declared or default) is validated; any other declared encoding is rejected.
/// Invalid bytes are an error naming the byte offset. Nothing else is looked at here: a
/// DOCTYPE, entities and sizes are the parser's business (`XMLSAXParser`).
/// Complexity: O(file size), one pass; the file is copied only when it has to change.
enum XMLInput {
  /// Every encoding the XML readers accept, as their errors say it.
  static let acceptedEncodings =
    "UTF-8, UTF-16 or UTF-32/UCS-4 (with or without a byte order mark), or an 8-bit file"
    + " declared ISO-8859-1 (also latin1, US-ASCII, windows-1252)"

  static func utf8(_ data: Data, file: String) throws(FormatError) -> Data {
    // Encoding decisions look only at the first bytes; the whole file is copied only when it
    // must change (BOM, transcoding, processing instructions).
    let head = [UInt8](data.prefix(512))
    var bytes: [UInt8]?
    // A byte order mark: UTF-32 first (FF FE 00 00 also starts like UTF-16's FF FE).
    let marked: (String.Encoding, String)? =
      head.starts(with: [0x00, 0x00, 0xFE, 0xFF])
      ? (.utf32BigEndian, "UTF-32")
      : head.starts(with: [0xFF, 0xFE, 0x00, 0x00])
        ? (.utf32LittleEndian, "UTF-32")
        : head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF])
          ? (.utf16, "UTF-16") : nil
    if marked == nil, isWideSignature(head) { return data }
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = Array(data.dropFirst(3)) }
    if let (encoding, name) = marked {
      let body = encoding == .utf16 ? data : data.dropFirst(4)
      guard var text = String(data: body, encoding: encoding) else {
        throw FormatError(
          .malformed, file: file, location: .byte(0), field: "encoding",
          rule: "must be valid \(name) after a \(name) byte order mark",
          value: "invalid \(name)")
      }
      if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
      var b = Array(text.utf8)
      if let range = declaredEncodingRange(Array(b.prefix(512))) {
        b.replaceSubrange(range, with: Array("UTF-8".utf8))
      }
      bytes = b
    }
    let declarationHead = bytes.map { Array($0.prefix(512)) } ?? head
    if let range = declaredEncodingRange(declarationHead) {
      let name = String(decoding: declarationHead[range], as: UTF8.self).uppercased()
      switch name {
      case "UTF-8", "UTF8": break
      case "ISO-8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "L1", "US-ASCII", "ASCII",
        "WINDOWS-1252", "CP1252":
        var source = bytes ?? [UInt8](data)
        if !source.contains(where: { $0 >= 0x80 }) {
          // Plain ASCII (the usual case): only the declaration changes.
          source.replaceSubrange(range, with: Array("UTF-8".utf8))
          bytes = source
          break
        }
        var out: [UInt8] = []
        out.reserveCapacity(source.count + source.count / 8)
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
        latin1(source[..<range.lowerBound])
        out += Array("UTF-8".utf8)
        latin1(source[range.upperBound...])
        bytes = out
      default:
        throw FormatError(
          .unsupportedVersion, file: file, location: .line(1), field: "encoding",
          rule: "must be one of: \(acceptedEncodings); an 8-bit file declares UTF-8 or"
            + " ISO-8859-1", value: name)
      }
    }
    let found: Scan =
      bytes.map { b in b.withUnsafeBufferPointer(scan) }
      ?? data.withUnsafeBytes { raw in scan(raw.bindMemory(to: UInt8.self)) }
    if let bad = found.invalid {
      let shown = bytes.map { $0[bad] } ?? data[data.startIndex + bad]
      throw FormatError(
        .malformed, file: file, location: .byte(bad), field: "encoding",
        rule: "must be valid UTF-8 (the declared or default encoding)",
        value: String(format: "byte 0x%02X", shown))
    }
    return bytes.map { Data($0) } ?? data
  }

  /// True when the first four bytes are those of UTF-16 without a byte order mark, or of
  /// UCS-4 with or without one, in any byte order (XML 1.0 (Fifth Edition) Appendix F).
  static func isWideSignature(_ head: [UInt8]) -> Bool {
    guard head.count >= 4 else { return false }
    let first = Array(head.prefix(4))
    let signatures: [[UInt8]] = [
      [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00], [0x00, 0x00, 0x3C, 0x00],
      [0x00, 0x3C, 0x00, 0x00], [0x00, 0x3C, 0x00, 0x3F], [0x3C, 0x00, 0x3F, 0x00],
      [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0xFF, 0xFE],
      [0xFE, 0xFF, 0x00, 0x00],
    ]
    return signatures.contains(first)
  }

  /// What one pass over the bytes found.
  struct Scan {
    /// Offset of the first byte that breaks UTF-8 (overlongs, surrogates and values above
    /// U+10FFFF included).
    var invalid: Int?
  }

  /// One pass: UTF-8 validity.
  static func scan(_ b: UnsafeBufferPointer<UInt8>) -> Scan {
    var result = Scan()
    let n = b.count
    var i = 0
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
      default:
        result.invalid = i
        return result
      }
      guard i + need < n, b[i + 1] >= lower && b[i + 1] <= upper else {
        result.invalid = i
        return result
      }
      for k in 2..<(need + 1) where b[i + k] & 0xC0 != 0x80 {
        result.invalid = i
        return result
      }
      i += need + 1
    }
    return result
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
}
