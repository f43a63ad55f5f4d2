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
/// from DTD declarations (notations, unparsed entities) into non-optional parameters.
/// Complexity: O(file size), one pass; the file is copied only when it has to change.
enum XMLInput {
  static func utf8(_ data: Data, file: String) throws(FormatError) -> Data {
    // Encoding decisions look only at the first bytes; the whole file is copied only when it
    // must change (BOM, transcoding, processing instructions).
    let head = [UInt8](data.prefix(512))
    var bytes: [UInt8]?
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = Array(data.dropFirst(3)) }
    if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
      guard let text = String(data: data, encoding: .utf16) else {
        throw FormatError(
          .malformed, file: file, location: .byte(0), field: "encoding",
          rule: "must be valid UTF-16 after a UTF-16 byte order mark", value: "invalid UTF-16")
      }
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
          rule: "must be UTF-8, UTF-16 or ISO-8859-1", value: name)
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
    if let line = found.doctypeLine {
      throw FormatError(
        .malformed, file: file, location: .line(line), field: "DOCTYPE",
        rule: "must not be present (ink formats use no DTD; Foundation's parser can crash on one)",
        value: "<!DOCTYPE")
    }
    if found.hasProcessingInstruction {
      var b = bytes ?? [UInt8](data)
      blankProcessingInstructions(&b)
      return Data(b)
    }
    return bytes.map { Data($0) } ?? data
  }

  /// What one pass over the bytes found.
  struct Scan {
    /// Offset of the first byte that breaks UTF-8 (overlongs, surrogates and values above
    /// U+10FFFF included).
    var invalid: Int?
    /// Line of a `<!DOCTYPE`.
    var doctypeLine: Int?
    /// A `<?` other than a leading XML declaration.
    var hasProcessingInstruction = false
  }

  /// One pass: UTF-8 validity, `<!DOCTYPE`, processing instructions.
  static func scan(_ b: UnsafeBufferPointer<UInt8>) -> Scan {
    var result = Scan()
    let n = b.count
    var i = 0
    var line = 1
    let declaration =
      n > 5 && b[0] == 60 && b[1] == 63 && b[2] == 120 && b[3] == 109 && b[4] == 108
      && XMLNumberScanner.isSpace(b[5])
    let doctype = Array("DOCTYPE".utf8)
    while i < n {
      let c = b[i]
      if c < 0x80 {
        if c == 0x0A {
          line += 1
        } else if c == 60, i + 1 < n {
          if b[i + 1] == 63 && !(i == 0 && declaration) {
            result.hasProcessingInstruction = true
          } else if b[i + 1] == 33, i + 8 < n, result.doctypeLine == nil,
            doctype.indices.allSatisfy({ b[i + 2 + $0] == doctype[$0] })
          {
            result.doctypeLine = line
          }
        }
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
}
