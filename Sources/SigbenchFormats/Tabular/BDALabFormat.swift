import Foundation
import SigbenchCore
import SigbenchResults

/// BDALab `.svc` handwriting recordings (BDALab/handwriting-sample, MIT), read only.
///
/// Same layout as SVC2004 (count line, then `x y time pen_status azimuth tilt pressure`), a
/// different dialect:
/// - pen_status 0 is in the air: those runs become `Drawing.hover`; non-zero (1) is on the
///   surface: those runs become ink strokes. Each change of status starts a new trace.
/// - The header count can be off by one: the rows are trusted and a warning says so.
/// - Units come in two variants, told apart by value ranges (`UnitsDecision.decide`):
///   already converted (mm, seconds, pressure 0–1), as `signal.svc`; or raw device units
///   (Wintab counts, ms, pressure counts). `DecodeOptions.unitsOverride` ("mm" or "device")
///   replaces the guess. The decision is written to `metadata.notes`.
/// - Y grows upward; it is flipped about the largest y of the file (ink and hover).
/// - Azimuth and tilt (altitude) columns are tenths of a degree in both variants (signal.svc
///   has 510–3330 and 520–900), converted by `TabletAngles`.
///
/// Cost: O(bytes).
public struct BDALabFormat: StrokeFormat {
  /// Nominal resolution for device units, lines per inch (Wacom Intuos Pro class; the files
  /// state none, so `metadata.nominalScale` is set).
  public static let nominalDeviceLPI = 5080.0
  /// Full scale assumed for device pressure counts (15 bits; real files reach 22 634).
  public static let nominalDevicePressureMax = 32767.0
  static let columnNames = ["x", "y", "time", "pen_status", "azimuth", "tilt", "pressure"]

  /// The two unit variants.
  public enum Units: String, Sendable {
    /// mm, seconds, pressure 0–1.
    case mm
    /// Wintab device counts, ms, pressure counts.
    case device

    /// Guesses from value ranges: converted files have pressure ≤ 1, coordinates ≤ 2000 (mm,
    /// larger than any tablet) and a time span under 10 000 (seconds; raw ms spans of a real
    /// task are far larger, and raw coordinates run to tens of thousands).
    static func decide(maxAbsCoordinate: Double, maxPressure: Double, timeSpan: Double) -> Units {
      maxPressure <= 1 && maxAbsCoordinate <= 2000 && timeSpan < 10_000 ? .mm : .device
    }
  }

  public init() {}

  public let descriptor = FormatDescriptor(
    id: "bdalab-svc", name: "BDALab handwriting .svc", extensions: ["svc"], canWrite: false,
    units:
      "mm or device units (5080 lpi nominal), decided by value ranges; y up (flipped); s or ms; tenths of a degree → radians",
    summary: "BDALab recordings with in-air (hover) samples; header count not trusted.")

  /// Accepts a count line followed by 7-column rows in the BDALab dialect (runs of pen_status
  /// 0 or fractional values), judged on the first 200 rows.
  public func sniff(_ data: Data) -> Bool {
    guard
      let t = try? SVCTable.parse(
        data.prefix(16384), file: "", names: [], allowedColumns: 7...7, maxRows: 200),
      t.rowCount > 0
    else { return false }
    return SVCDialect.detect(t) == .bdalab
  }

  /// A row count on line 1 (`SVCTable.startsWithCount`).
  public func showsSign(_ data: Data) -> Bool { SVCTable.startsWithCount(data) }

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    var rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    let table = try SVCTable.parse(
      data, file: file, names: BDALabFormat.columnNames, allowedColumns: 7...7,
      maxSamples: options.maxSamplesPerFile)
    var warnings: [FormatWarning] = []
    if table.headerCount != table.rowCount {
      warnings.append(
        FormatWarning(
          file: file, location: .line(1),
          message:
            "header says \(table.headerCount) rows but the file has \(table.rowCount); the rows are used"
        ))
    }
    var maxAbs = 0.0
    var maxY = -Double.infinity
    var maxPressure = -Double.infinity
    var tMin = Double.infinity
    var tMax = -Double.infinity
    for r in 0..<table.rowCount {
      maxAbs = max(maxAbs, abs(table[r, 0]), abs(table[r, 1]))
      maxY = max(maxY, table[r, 1])
      maxPressure = max(maxPressure, table[r, 6])
      tMin = min(tMin, table[r, 2])
      tMax = max(tMax, table[r, 2])
    }
    let guessed = Units.decide(
      maxAbsCoordinate: maxAbs, maxPressure: maxPressure, timeSpan: tMax - tMin)
    var units = guessed
    if let o = options.unitsOverride {
      guard let u = Units(rawValue: o.lowercased()) else {
        throw FormatError(
          .invalidValue, file: file, location: .file, field: "units",
          rule: "override must be \"mm\" or \"device\" for BDALab .svc", value: o)
      }
      units = u
    }
    let scale = units == .mm ? 96 / 25.4 : 96 / BDALabFormat.nominalDeviceLPI
    let timeScale = units == .mm ? 1.0 : 0.001
    let pressureScale = units == .mm ? 1.0 : 1 / BDALabFormat.nominalDevicePressureMax
    let t0 = table.rowCount > 0 ? table[0, 2] : 0

    var ink: [Stroke] = []
    var hover: [Stroke] = []
    var inkStarts: [Int] = []
    var hoverStarts: [Int] = []
    var current: [Sample] = []
    var currentDown = false
    var start = 0
    var steps: [Double] = []
    func flush() {
      guard !current.isEmpty else { return }
      if currentDown {
        ink.append(Stroke(samples: current))
        inkStarts.append(start)
      } else {
        hover.append(Stroke(samples: current))
        hoverStarts.append(start)
      }
      current = []
    }
    for r in 0..<table.rowCount {
      let down = table[r, 3] != 0
      if down != currentDown || current.isEmpty {
        flush()
        currentDown = down
        start = r
      } else {
        steps.append((table[r, 2] - table[r - 1, 2]) * timeScale)
      }
      current.append(
        Sample(
          x: table[r, 0] * scale, y: (maxY - table[r, 1]) * scale,
          time: (table[r, 2] - t0) * timeScale, pressure: table[r, 6] * pressureScale,
          tilt: TabletAngles.tilt(altitudeTenths: table[r, 5]),
          azimuth: TabletAngles.azimuth(wintabTenths: table[r, 4])))
    }
    flush()
    try rules.checkStrokeCount(ink.count + hover.count)
    for i in ink.indices {
      let first = inkStarts[i]
      try rules.check(&ink[i], strokeIndex: i) {
        .line(table.lines[min(first + $0, table.rowCount - 1)])
      }
    }
    for i in hover.indices {
      let first = hoverStarts[i]
      try rules.check(&hover[i], strokeIndex: i) {
        .line(table.lines[min(first + $0, table.rowCount - 1)])
      }
    }
    var metadata = DrawingMetadata(
      source: "BDALab handwriting-sample (.svc)", device: "Wacom Intuos (Wintab)",
      sampleRate: DrawingInfo.rate(fromSteps: steps),
      nativeUnits: units == .mm ? "mm (y up)" : "device units (y up)",
      nominalScale: units == .device)
    let how = options.unitsOverride != nil ? "set by the units override" : "decided by value ranges"
    metadata.notes = [
      units == .mm
        ? "units: mm, seconds, pressure 0–1 (\(how): max |coordinate| \(ParameterValue.format(maxAbs)), max pressure \(ParameterValue.format(maxPressure)), time span \(ParameterValue.format(tMax - tMin)))"
        : "units: device counts at a nominal \(Int(BDALabFormat.nominalDeviceLPI)) lpi, ms, pressure / \(Int(BDALabFormat.nominalDevicePressureMax)) (\(how): max |coordinate| \(ParameterValue.format(maxAbs)), max pressure \(ParameterValue.format(maxPressure)), time span \(ParameterValue.format(tMax - tMin)))",
      "y flipped (file y grows upward) about the largest y, \(ParameterValue.format(maxY))",
      "pen_status 0 rows are hover (kept apart), non-zero rows are ink; each status change starts a trace",
      "azimuth and tilt columns: tenths of a degree (Wintab), tilt = 90° − altitude, azimuth +270° to clockwise from +x",
    ]
    if units != guessed {
      metadata.notes.append("the value ranges suggested \(guessed.rawValue); overridden")
    }
    let drawing = Drawing(name: file, strokes: ink, hover: hover, metadata: metadata)
    return DecodeResult(drawings: [drawing], warnings: warnings + rules.warnings)
  }
}
