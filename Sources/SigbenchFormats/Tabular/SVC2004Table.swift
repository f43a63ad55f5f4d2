import Foundation
import SigbenchCore

/// The text layout SVC2004 `.TXT` and BDALab `.svc` share: line 1
/// holds a row count, then one row per sample of whitespace-separated numbers, LF or CRLF.
///
/// Parsing is a single pass over the bytes (O(n) time, one `Double` per cell) with no
/// per-line `String`; cells in the usual `[-]digits[.digits][e±digits]` form with at most 15
/// significant digits are converted exactly by one multiplication or division by a power of
/// ten, longer ones through `strtod`. Every failure throws a `FormatError` naming the line,
/// the column, the column's name and the offending text.
struct SVCTable: Sendable {
  /// The value on line 1, when it is a non-negative integer.
  var headerCount: Int
  /// Cells per row (the same for every row).
  var columns: Int
  /// Row-major cells, `rowCount × columns`.
  var values: [Double]
  /// 1-based line number of each row.
  var lines: [Int]

  var rowCount: Int { lines.count }

  subscript(row: Int, column: Int) -> Double { values[row * columns + column] }

  /// Whether line 1 (within the first 4 KiB, a UTF-8 byte order mark and spaces around it
  /// aside) is a row count: one or more ASCII digits and nothing else. The sign of both
  /// dialects; a README or notes file sharing the `.txt` extension has none.
  static func startsWithCount(_ data: Data) -> Bool {
    var head = data.prefix(4096)[...]
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
    let line = head.prefix { $0 != 0x0A }
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    let trimmed = line.drop(while: isSpace).reversed().drop(while: isSpace)
    return !trimmed.isEmpty && trimmed.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// Parses `data`. `names[i]` names column `i` in errors; a row must have between
  /// `allowedColumns.lowerBound` and `allowedColumns.upperBound` cells and every row as many as
  /// the first. `maxRows` bounds the work for `sniff` (rows past it are not read).
  /// `maxSamples`: every row is one sample (ink or hover); the row past it is an error at its
  /// line (`maxSamplesPerFile`), thrown while reading, before the table grows further.
  static func parse(
    _ data: Data, file: String, names: [String], allowedColumns: ClosedRange<Int>,
    maxRows: Int = .max, maxSamples: Int = .max
  ) throws(FormatError) -> SVCTable {
    try withBytes(data) { (b) throws(FormatError) in
      try parseBytes(
        b, file: file, names: names, allowedColumns: allowedColumns, maxRows: maxRows,
        maxSamples: maxSamples)
    }
  }

  private static func parseBytes(
    _ b: UnsafeBufferPointer<UInt8>, file: String, names: [String],
    allowedColumns: ClosedRange<Int>, maxRows: Int, maxSamples: Int
  ) throws(FormatError) -> SVCTable {
    let n = b.count
    var i = 0
    var line = 1
    var header: Int?
    var headerValue = 0
    var columns = 0
    var values: [Double] = []
    var lines: [Int] = []
    // A row has at least four cells, so at least eight bytes ("0 0 0 0\n"): at most n / 8 + 1
    // rows, and never more than the sample limit allows.
    let rowRoom = min(n / 8, maxSamples) + 1
    values.reserveCapacity(min(n / 5, rowRoom * allowedColumns.upperBound))
    lines.reserveCapacity(min(n / 30, rowRoom))
    while i < n {
      // One line: cells until LF.
      var cells = 0
      while i < n, b[i] != 0x0A {
        let c = b[i]
        if c == 0x20 || c == 0x09 || c == 0x0D {
          i += 1
          continue
        }
        let start = i
        while i < n {
          let d = b[i]
          if d == 0x20 || d == 0x09 || d == 0x0D || d == 0x0A { break }
          i += 1
        }
        guard let v = parseNumber(b, start, i) else {
          // The column's name is made only here: `sniff` passes no names, and interpolating
          // "column k" for every cell was most of its cost.
          let field = cells < names.count ? names[cells] : "column \(cells + 1)"
          throw FormatError(
            .malformed, file: file, location: .line(line, column: start - lineStart(b, start) + 1),
            field: header == nil ? "count" : field, rule: "must be a number",
            value: String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
        }
        if header == nil {
          guard cells == 0, v >= 0, v == v.rounded(), v < 1e12 else {
            throw FormatError(
              .malformed, file: file, location: .line(line), field: "count",
              rule: "line 1 must hold only the number of rows, a non-negative integer",
              value: String(v))
          }
          headerValue = Int(v)
        } else {
          values.append(v)
        }
        cells += 1
      }
      if i < n { i += 1 }  // the LF
      if header == nil {
        if cells == 0 {
          throw FormatError(
            .malformed, file: file, location: .line(line), field: "count",
            rule: "line 1 must hold the number of rows", value: "an empty line")
        }
        header = headerValue
      } else if cells > 0 {
        if lines.isEmpty {
          guard allowedColumns.contains(cells) else {
            throw FormatError(
              .malformed, file: file, location: .line(line), field: "row",
              rule:
                "must have \(allowedColumns.lowerBound)–\(allowedColumns.upperBound) columns",
              value: "\(cells) columns")
          }
          columns = cells
        } else if cells != columns {
          throw FormatError(
            .malformed, file: file, location: .line(line), field: "row",
            rule: "must have \(columns) columns like the first row", value: "\(cells) columns")
        }
        guard lines.count < maxSamples else {
          throw FormatError(
            .limitExceeded, file: file, location: .line(line), field: "samples",
            rule: "must number at most \(maxSamples) in one file, hover included "
              + "(limit maxSamplesPerFile)",
            value: "at least \(maxSamples + 1)")
        }
        lines.append(line)
        if lines.count >= maxRows { break }
      }
      line += 1
    }
    guard let header else {
      throw FormatError(
        .malformed, file: file, location: .line(1), field: "count",
        rule: "line 1 must hold the number of rows", value: "an empty file")
    }
    return SVCTable(headerCount: header, columns: columns, values: values, lines: lines)
  }

  private static func lineStart(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int {
    var s = at
    while s > 0, b[s - 1] != 0x0A { s -= 1 }
    return s
  }
}

/// Exact powers of ten representable in a `Double` (10^0 … 10^22).
private let exactPowersOfTen: [Double] = (0...22).map { pow(10.0, Double($0)) }

/// Parses `b[start..<end]` as a decimal number: `[+-]digits[.digits][(e|E)[+-]digits]`, or
/// `[+-].digits…`. Returns `nil` for anything else (including `nan`, `inf`, hex). Values whose
/// significant digits form an integer of at most 2^53 (so a `Double` holds it exactly; up to
/// 16 digits, e.g. Quick Draw's `540.5430297851562`) and whose decimal exponent is within ±22
/// are exact: one correctly rounded multiplication or division of exact operands (Clinger's
/// fast path). Others go through `strtod`, from a stack buffer. Overflow yields ±∞, which the
/// sample rules then reject as non-finite.
func parseNumber(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
  var i = start
  guard i < end else { return nil }
  var negative = false
  if b[i] == 0x2D || b[i] == 0x2B {
    negative = b[i] == 0x2D
    i += 1
  }
  var mantissa: UInt64 = 0
  var significant = 0
  var exponent = 0
  var sawDigit = false
  while i < end, b[i] >= 0x30, b[i] <= 0x39 {
    sawDigit = true
    if significant > 0 || b[i] != 0x30 {
      if significant < 19 {
        mantissa = mantissa * 10 + UInt64(b[i] - 0x30)
      } else {
        exponent += 1
      }
      significant += 1
    }
    i += 1
  }
  if i < end, b[i] == 0x2E {
    i += 1
    while i < end, b[i] >= 0x30, b[i] <= 0x39 {
      sawDigit = true
      if significant > 0 || b[i] != 0x30 {
        if significant < 19 {
          mantissa = mantissa * 10 + UInt64(b[i] - 0x30)
          exponent -= 1
        }
        significant += 1
      } else {
        exponent -= 1
      }
      i += 1
    }
  }
  guard sawDigit else { return nil }
  if i < end, b[i] == 0x65 || b[i] == 0x45 {
    i += 1
    var expNegative = false
    if i < end, b[i] == 0x2D || b[i] == 0x2B {
      expNegative = b[i] == 0x2D
      i += 1
    }
    var e = 0
    var expDigits = 0
    while i < end, b[i] >= 0x30, b[i] <= 0x39 {
      if e < 100_000 { e = e * 10 + Int(b[i] - 0x30) }
      expDigits += 1
      i += 1
    }
    guard expDigits > 0 else { return nil }
    exponent += expNegative ? -e : e
  }
  guard i == end else { return nil }
  if significant <= 19, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
    var v = Double(mantissa)
    if exponent >= 0 { v *= exactPowersOfTen[exponent] } else { v /= exactPowersOfTen[-exponent] }
    return negative ? -v : v
  }
  if mantissa == 0 { return negative ? -0.0 : 0 }
  // Slow path: let the C library round long or extreme numbers correctly.
  return withUnsafeTemporaryAllocation(of: CChar.self, capacity: end - start + 1) { text in
    for k in start..<end { text[k - start] = CChar(bitPattern: b[k]) }
    text[end - start] = 0
    return strtod(text.baseAddress!, nil)
  }
}

/// Which of the two dialects of the 7-column layout a table is.
enum SVCDialect: Sendable {
  /// SVC2004: integers only, pen-up samples not recorded (never two status-0 rows in a row).
  case svc2004
  /// BDALab: in-air rows recorded (runs of status 0), or fractional values, or a header count
  /// that disagrees with the rows.
  case bdalab

  /// Decides from the rows read. `statusColumn` is the 0-based pen status column.
  static func detect(_ t: SVCTable, statusColumn: Int = 3) -> SVCDialect {
    guard t.columns > statusColumn else { return .svc2004 }
    var previousZero = false
    for r in 0..<t.rowCount {
      let s = t[r, statusColumn]
      if s == 0 {
        if previousZero { return .bdalab }
        previousZero = true
      } else {
        previousZero = false
      }
    }
    if t.values.contains(where: { $0 != $0.rounded() }) { return .bdalab }
    return .svc2004
  }
}

/// Conversions for Wintab pen orientation, which both dialects store in tenths of a degree.
enum TabletAngles {
  /// Altitude (900 = pen vertical) to tilt from the surface normal, radians:
  /// `(90° − altitude) · π/180`.
  static func tilt(altitudeTenths a: Double) -> Double { (900 - a) / 10 * .pi / 180 }

  /// Wintab azimuth (clockwise about the z axis, tenths of a degree, 0 toward the top of the
  /// tablet) to sigbench's azimuth (clockwise from +x in y-down coordinates, [0, 2π)): the
  /// top of the tablet is −y, i.e. 270° in sigbench's convention, so 270° is added.
  static func azimuth(wintabTenths a: Double) -> Double {
    let degrees = (a / 10 + 270).truncatingRemainder(dividingBy: 360)
    let d = degrees < 0 ? degrees + 360 : degrees
    return d * .pi / 180
  }
}

/// Runs `body` over the bytes of `data` without copying, passing its typed error through.
func withBytes<R>(
  _ data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(FormatError) -> R
) throws(FormatError) -> R {
  let result: Result<R, FormatError> = data.withUnsafeBytes { raw in
    do throws(FormatError) {
      return .success(try body(raw.bindMemory(to: UInt8.self)))
    } catch {
      return .failure(error)
    }
  }
  return try result.get()
}
