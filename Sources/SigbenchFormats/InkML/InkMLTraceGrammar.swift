/// The points of one `<trace>`, decoded to the file's raw channel values.
///
/// `values` is row-major, `channelCount` values per point, regular channels first then
/// intermittent ones, in `traceFormat` order. Inside this reader a missing value (`?`, or an
/// intermittent channel never reported and without a default) is `.nan`; the number scanner
/// rejects non-finite input, so `.nan` cannot come from the file. It never leaves the reader:
/// `Sample` uses `nil`.
struct InkMLTraceData {
  var channelCount: Int
  var values: [Double] = []
  /// 1-based line of each point's first value.
  var pointLines: [Int] = []
  var pointCount: Int { pointLines.count }

  subscript(point: Int, channel: Int) -> Double { values[point * channelCount + channel] }
}

/// Decodes the `<trace>` payload grammar of W3C InkML 2011 (the REC's `trace`, `point` and
/// `value` productions).
///
/// - Points are separated by `,`; values by whitespace or by nothing when the next value starts
///   with `-`, `!`, `'` or `"` (`'-29'35` is two values, `41-60` is two values).
/// - Numbers: `12`, `1.5`, `.5`, `5.`, exponents (`1e3`, `2E-4`), hex integers (`#1F`); a `-`
///   sign (with optional whitespace after it) and never a `+`.
/// - `T`/`F` are 1/0; `*` repeats the channel's previous value; `?` is unknown.
/// - Difference prefixes `!` (explicit), `'` (first difference), `"` (second difference) are
///   sticky *per channel*: a value without a prefix uses its channel's last prefix, explicit if
///   none. With v the decoded values: `'` gives v[i] = v[i−1] + d; `"` gives
///   v[i] = 2·v[i−1] − v[i−2] + d, always on decoded values whatever mode produced them.
///   Missing history (a `'` on the first point, a `"` before two points) counts as zero
///   velocity from zero (so the value is taken as given) and is reported once as a warning.
///   Unknown values (`?`) do not enter the history.
/// - Intermittent channels follow the regular ones; trailing ones may be omitted and then keep
///   their previous value, or their `default` for the first point, else unknown. Prefixes on
///   intermittent values are accepted with the same meaning.
/// - A point with fewer regular values than channels uses the channels' `default`s; without a
///   default it is an error. More values than channels is an error.
/// - Empty points (`1 2,,3 4`, a trailing comma) are skipped with a warning.
/// - The 2003 draft `:`/`;` intermittent syntax is rejected as an unexpected character.
///
/// Complexity: O(text length), one pass, no allocation per value.
struct InkMLTraceGrammar {
  struct Channel {
    var name: String
    var isIntermittent: Bool
    /// Raw value used when the channel is not reported.
    var defaultValue: Double?
  }

  let channels: [Channel]
  let regularCount: Int
  /// Sticky difference mode per channel: 0 explicit, 1 first, 2 second difference.
  var modes: [UInt8]
  /// Last and second-to-last decoded value per channel (`.nan` = none yet).
  var last: [Double]
  var beforeLast: [Double]

  init(channels: [Channel]) {
    self.channels = channels
    regularCount = channels.prefix { !$0.isIntermittent }.count
    modes = Array(repeating: 0, count: channels.count)
    last = Array(repeating: .nan, count: channels.count)
    beforeLast = Array(repeating: .nan, count: channels.count)
  }

  /// Where a problem was found: the trace's description for messages and its first text line.
  struct Context {
    var file: String
    var traceName: String
    var startLine: Int
    var maxPoints: Int
  }

  /// Decodes `text`. Warnings come back as (line, message). Throws on a syntax error, a
  /// non-finite number, a point with too many or too few values, or more than `maxPoints`
  /// points.
  mutating func decode(_ text: String, context: Context) throws(FormatError) -> (
    InkMLTraceData, [(Int, String)]
  ) {
    var copy = text
    var result: Result<(InkMLTraceData, [(Int, String)]), FormatError> = .failure(
      FormatError(
        .malformed, file: context.file, location: .line(context.startLine), field: "trace",
        rule: "must be readable", value: ""))
    copy.withUTF8 { buf in
      do throws(FormatError) {
        result = .success(try decodeBytes(buf, context: context))
      } catch {
        result = .failure(error)
      }
    }
    return try result.get()
  }

  private mutating func decodeBytes(_ b: UnsafeBufferPointer<UInt8>, context: Context)
    throws(FormatError) -> (InkMLTraceData, [(Int, String)])
  {
    let count = channels.count
    var data = InkMLTraceData(channelCount: count)
    data.values.reserveCapacity(min(b.count / 2, 1 << 20))
    var warnings: [(Int, String)] = []
    var emptyPoints = 0
    var warnedHistory = false
    var row = [Double](repeating: .nan, count: count)
    var given = 0  // values seen in the current point
    var line = context.startLine
    var pointLine = line
    var i = 0
    let n = b.count

    func fail(_ rule: String, _ value: String, _ field: String = "trace") -> FormatError {
      FormatError(
        .malformed, file: context.file, location: .line(line), field: field,
        rule: "\(rule) (in \(context.traceName), point \(data.pointCount + 1))", value: value)
    }
    func snippet(_ at: Int) -> String {
      let end = min(n, at + 12)
      return String(decoding: UnsafeBufferPointer(rebasing: b[at..<end]), as: UTF8.self)
    }

    // Finishes the current point: fills omitted channels, appends, resets.
    func finishPoint() throws(FormatError) {
      if given == 0 {
        emptyPoints += 1
        return
      }
      if given < regularCount {
        for c in given..<regularCount {
          guard let d = channels[c].defaultValue else {
            throw fail(
              "must give a value for each of the \(regularCount) regular channels",
              "\(given) values",
              channels[c].name)
          }
          row[c] = d
        }
      }
      if given < count {
        for c in max(given, regularCount)..<count {
          row[c] = last[c].isNaN ? (channels[c].defaultValue ?? .nan) : last[c]
        }
      }
      guard data.pointCount < context.maxPoints else {
        throw FormatError(
          .limitExceeded, file: context.file, location: .line(pointLine),
          field: context.traceName,
          rule: "must have at most \(context.maxPoints) samples (limit maxSamplesPerStroke)",
          value: "more than \(context.maxPoints)")
      }
      data.values.append(contentsOf: row)
      data.pointLines.append(pointLine)
      given = 0
    }

    while i < n {
      let c = b[i]
      if c == 0x0A {
        line += 1
        i += 1
        continue
      }
      if c == 0x20 || c == 0x09 || c == 0x0D {
        i += 1
        continue
      }
      if c == UInt8(ascii: ",") {
        try finishPoint()
        i += 1
        continue
      }
      // One value: prefix? wsp* '-'? wsp* (number | hex) | T | F | * | ?
      if given == 0 { pointLine = line }
      var prefix: UInt8?
      switch c {
      case UInt8(ascii: "!"): prefix = 0
      case UInt8(ascii: "'"): prefix = 1
      case UInt8(ascii: "\""): prefix = 2
      default: break
      }
      if prefix != nil {
        i += 1
        while i < n, XMLNumberScanner.isSpace(b[i]) {
          if b[i] == 0x0A { line += 1 }
          i += 1
        }
      }
      var negative = false
      if i < n, b[i] == UInt8(ascii: "-") {
        negative = true
        i += 1
        while i < n, XMLNumberScanner.isSpace(b[i]) {
          if b[i] == 0x0A { line += 1 }
          i += 1
        }
      }
      guard i < n else { throw fail("must end with a complete value", snippet(max(0, i - 1))) }
      guard given < count else {
        throw fail(
          "must have at most \(count) values per point (\(channels.map(\.name).joined(separator: " ")))",
          snippet(i))
      }
      let channel = given
      if let p = prefix { modes[channel] = p }
      var value: Double
      var isNumber = true
      let ch = b[i]
      if ch &- 48 < 10 || ch == UInt8(ascii: ".") {
        guard let (v, end) = XMLNumberScanner.scan(b, from: i) else {
          throw fail("must be a number", snippet(i), channels[channel].name)
        }
        guard v.isFinite else {
          throw FormatError(
            .invalidValue, file: context.file, location: .line(line),
            field: channels[channel].name,
            rule: "must be a finite number (in \(context.traceName), point \(data.pointCount + 1))",
            value: snippet(i))
        }
        value = v
        i = end
      } else if ch == UInt8(ascii: "#") {
        var j = i + 1
        var v: UInt64 = 0
        var digits = 0
        while j < n {
          let h = b[j]
          let d: UInt8
          if h &- 48 < 10 {
            d = h &- 48
          } else if (h | 0x20) &- 97 < 6 {
            d = (h | 0x20) &- 87
          } else {
            break
          }
          guard digits < 15 else {
            throw FormatError(
              .invalidValue, file: context.file, location: .line(line),
              field: channels[channel].name,
              rule: "must be a hex integer of at most 15 digits", value: snippet(i))
          }
          v = v << 4 | UInt64(d)
          digits += 1
          j += 1
        }
        guard digits > 0 else {
          throw fail("must have hex digits after '#'", snippet(i), channels[channel].name)
        }
        value = Double(v)
        i = j
      } else if !negative && (ch == UInt8(ascii: "T") || ch == UInt8(ascii: "F")) {
        value = ch == UInt8(ascii: "T") ? 1 : 0
        isNumber = false
        i += 1
      } else if !negative && ch == UInt8(ascii: "*") {
        value = last[channel]
        isNumber = false
        i += 1
      } else if !negative && ch == UInt8(ascii: "?") {
        value = .nan
        isNumber = false
        i += 1
      } else {
        throw fail("must be a number, T, F, * or ?", snippet(i), channels[channel].name)
      }
      if negative { value = -value }
      if isNumber {
        switch modes[channel] {
        case 1:
          if last[channel].isNaN {
            if !warnedHistory {
              warnings.append(
                (
                  line,
                  "\(context.traceName): first difference with no previous value read as explicit"
                ))
              warnedHistory = true
            }
          } else {
            value += last[channel]
          }
        case 2:
          if last[channel].isNaN {
            if !warnedHistory {
              warnings.append(
                (line, "\(context.traceName): second difference with no history read as explicit"))
              warnedHistory = true
            }
          } else if beforeLast[channel].isNaN {
            if !warnedHistory {
              warnings.append(
                (
                  line,
                  "\(context.traceName): second difference with one previous value read as a first difference"
                ))
              warnedHistory = true
            }
            value += last[channel]
          } else {
            value += 2 * last[channel] - beforeLast[channel]
          }
        default: break
        }
        guard value.isFinite else {
          throw FormatError(
            .invalidValue, file: context.file, location: .line(line),
            field: channels[channel].name,
            rule: "must stay finite after applying differences (in \(context.traceName))",
            value: String(value))
        }
      }
      if !value.isNaN {
        beforeLast[channel] = last[channel]
        last[channel] = value
      }
      row[channel] = value
      given += 1
    }
    if given > 0 { try finishPoint() } else if data.pointCount > 0 { emptyPoints += 1 }
    if emptyPoints > 0 {
      warnings.append(
        (context.startLine, "\(context.traceName): \(emptyPoints) empty point(s) skipped"))
    }
    return (data, warnings)
  }
}
