import Foundation
import SigbenchCore
import SigbenchResults

/// SVC2004 signature files (`U<user>S<sample>.TXT`, First International Signature
/// Verification Competition; Yeung et al., ICBA 2004), read only.
///
/// Layout: line 1 the row count N, then rows `X Y TimeStamp ButtonStatus [Azimuth Altitude
/// Pressure]` (Task 1 has the first four columns, Task 2 all seven), integers, CRLF.
///
/// Conversion (each decision is also written to `metadata.notes`):
/// - Strokes: a new stroke starts at a ButtonStatus-0 row, or when the time step from the
///   previous row exceeds `strokeGap` (20 ms). In all 1600 public Task 2 files, status 0
///   marks the first sample of a stroke (it always has pressure > 0), the sampling step is
///   10 ms for 97 % of rows and pen lifts leave gaps of 20–700 ms. Any non-zero ButtonStatus
///   (1, and 2–5 from the Wintab barrel-button bits) is pen down. Pen-up samples are not
///   recorded, so `hover` stays empty.
/// - Position: tablet units with no stated resolution, scaled at a nominal
///   `nominalUnitsPerInch` (2540, the Intuos class), so `metadata.nominalScale` is true. Y grows
///   upward in the file; it is flipped about the file's largest Y: `y = (maxY − Y)·scale`.
/// - Time: ms with an arbitrary origin, converted to seconds from the first row. Repeated or
///   backward timestamps are repaired by `SampleRules` with a warning.
/// - Pressure: 0–1023 divided by 1023. Azimuth and altitude: tenths of a degree, converted by
///   `TabletAngles`.
///
/// Cost: O(bytes) time, one pass plus one pass over the rows.
public struct SVC2004Format: StrokeFormat {
  /// A time step above this starts a new stroke (as does a ButtonStatus 0 row), seconds.
  public static let strokeGap = 0.020
  /// Nominal tablet resolution used to scale positions (no resolution is stated), units/inch.
  public static let nominalUnitsPerInch = 2540.0
  /// Full scale of the 10-bit pressure column.
  public static let pressureMax = 1023.0
  static let columnNames = [
    "X", "Y", "TimeStamp", "ButtonStatus", "Azimuth", "Altitude", "Pressure",
  ]

  public init() {}

  public let descriptor = FormatDescriptor(
    id: "svc2004", name: "SVC2004 signature text (.TXT)", extensions: ["txt", "svc"],
    canWrite: false,
    units:
      "tablet units at a nominal 2540/inch (y up, flipped), ms → s, pressure /1023, tenths of a degree → radians",
    summary: "SVC2004 Task 1/2 signatures; strokes split at ButtonStatus 0 or a gap above 20 ms.")

  /// Accepts a count line followed by rows of 4 or 7 integers with no run of pen-up rows (the
  /// BDALab dialect records those), judged on the first 200 rows.
  public func sniff(_ data: Data) -> Bool {
    guard
      let t = try? SVCTable.parse(
        data.prefix(8192), file: "", names: [], allowedColumns: 4...7, maxRows: 200),
      t.rowCount > 0, t.columns == 4 || t.columns == 7
    else { return false }
    return SVCDialect.detect(t) == .svc2004
  }

  /// A row count on line 1 (`SVCTable.startsWithCount`).
  public func showsSign(_ data: Data) -> Bool { SVCTable.startsWithCount(data) }

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    var rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    let table = try SVCTable.parse(
      data, file: file, names: SVC2004Format.columnNames, allowedColumns: 4...7,
      maxSamples: options.maxSamplesPerFile)
    guard table.rowCount == 0 || table.columns == 4 || table.columns == 7 else {
      throw FormatError(
        .malformed, file: file, location: .line(table.lines[0]), field: "row",
        rule: "must have 4 (Task 1) or 7 (Task 2) columns", value: "\(table.columns) columns")
    }
    var warnings: [FormatWarning] = []
    if table.headerCount != table.rowCount {
      warnings.append(
        FormatWarning(
          file: file, location: .line(1),
          message:
            "header says \(table.headerCount) rows but the file has \(table.rowCount); the rows are used"
        ))
    }
    let scale = 96.0 / SVC2004Format.nominalUnitsPerInch
    var maxY = -Double.infinity
    for r in 0..<table.rowCount { maxY = max(maxY, table[r, 1]) }
    let t0 = table.rowCount > 0 ? table[0, 2] : 0
    let full = table.columns == 7
    var strokes: [Stroke] = []
    var starts: [Int] = []  // first row of each stroke
    var current: [Sample] = []
    var previousTime = 0.0
    var steps: [Double] = []
    for r in 0..<table.rowCount {
      let status = table[r, 3]
      let time = table[r, 2]
      let gap = r > 0 && (time - previousTime) / 1000 > SVC2004Format.strokeGap
      if r > 0, !gap, status != 0 { steps.append((time - previousTime) / 1000) }
      if !current.isEmpty, status == 0 || gap {
        strokes.append(Stroke(samples: current))
        current = []
      }
      if current.isEmpty { starts.append(r) }
      var s = Sample(
        x: table[r, 0] * scale, y: (maxY - table[r, 1]) * scale, time: (time - t0) / 1000)
      if full {
        s.azimuth = TabletAngles.azimuth(wintabTenths: table[r, 4])
        s.tilt = TabletAngles.tilt(altitudeTenths: table[r, 5])
        s.pressure = table[r, 6] / SVC2004Format.pressureMax
      }
      current.append(s)
      previousTime = time
    }
    if !current.isEmpty { strokes.append(Stroke(samples: current)) }
    try rules.checkStrokeCount(strokes.count)
    for i in strokes.indices {
      let first = starts[i]
      try rules.check(&strokes[i], strokeIndex: i) { k in
        .line(table.lines[min(first + k, table.rowCount - 1)])
      }
    }
    var metadata = DrawingMetadata(
      source: full ? "SVC2004 Task 2" : "SVC2004 Task 1", device: "WACOM Intuos tablet",
      sampleRate: DrawingInfo.rate(fromSteps: steps), nativeUnits: "tablet units (y up)",
      nominalScale: true)
    metadata.notes = [
      "positions: tablet units with no stated resolution, scaled at a nominal "
        + "\(Int(SVC2004Format.nominalUnitsPerInch)) units per inch (\(scale) px per unit); "
        + "only proportional, not physical",
      "y flipped (file y grows upward): y_px = (\(ParameterValue.format(maxY)) − Y)·scale",
      "time: ms from the first row, converted to seconds",
      "strokes: split at ButtonStatus 0 or a time step above 20 ms; any non-zero ButtonStatus is pen down; pen-up samples are not recorded",
    ]
    if full {
      metadata.notes.append(
        "pressure /1023; altitude (tenths of a degree, 900 = vertical) → tilt = 90° − altitude; "
          + "Wintab azimuth (clockwise, 0 = tablet top) → clockwise from +x (+270°)")
    }
    let drawing = Drawing(name: file, strokes: strokes, metadata: metadata)
    return DecodeResult(drawings: [drawing], warnings: warnings + rules.warnings)
  }
}
