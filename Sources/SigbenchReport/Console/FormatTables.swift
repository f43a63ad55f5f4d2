import Foundation
import SigbenchResults

/// The format study and the decode bench as fixed-width text tables (`sigbench formats`), and
/// the study as the run sheet's table.
public enum FormatTables {
  /// One row per format: sizes, speeds and round-trip errors.
  public static func study(_ result: FormatStudyResult) -> String {
    var lines = [
      "format        B/sample  gzip B/sample  encode ns/sample  decode ns/sample  max pos err px  max t err s  max p err"
    ]
    func g(_ v: Double?) -> String { v.map { String(format: "%.3g", $0) } ?? "–" }
    for r in result.rows {
      var line = r.formatID.padding(toLength: 12, withPad: " ", startingAt: 0)
      line += String(
        format: "  %8.2f  %13.2f  %16.1f  %16.1f", r.bytesPerSample,
        r.gzipBytesPerSample, r.encodeNsPerSample, r.decodeNsPerSample)
      line += "  " + g(r.maxPositionError).padding(toLength: 14, withPad: " ", startingAt: 0)
      line += "  " + g(r.maxTimeError).padding(toLength: 11, withPad: " ", startingAt: 0)
      line += "  " + g(r.maxPressureError)
      if !r.lostChannels.isEmpty { line += "  lost: " + r.lostChannels.joined(separator: ",") }
      if r.shapeMismatches > 0 { line += "  shape changed: \(r.shapeMismatches)" }
      if !r.failures.isEmpty { line += "  failures: \(r.failures.count)" }
      lines.append(line)
    }
    lines.append(
      "\(result.drawings) drawings, \(result.samples) samples (ink + hover), median of "
        + "\(result.repetitions) timed pass(es) after a verified warm-up")
    return lines.joined(separator: "\n")
  }

  /// One line per row, then the formats without input.
  public static func decodeBench(_ result: DecodeBenchResult) -> String {
    var lines = [
      "format                input          files      bytes   samples  median ms     MB/s  ns/sample  target"
    ]
    for r in result.rows {
      var line = r.id.padding(toLength: 20, withPad: " ", startingAt: 0)
      line += "  " + r.input.padding(toLength: 13, withPad: " ", startingAt: 0)
      line += String(
        format: "  %5d  %9d  %8d  %9.3f  %7.1f  %9.1f", r.files, r.bytes, r.samples,
        r.medianSeconds * 1000, r.megabytesPerSecond, r.nsPerSample)
      if let t = r.targetMegabytesPerSecond {
        line += String(format: "  ≥ %.0f MB/s ", t) + (r.met == true ? "met" : "MISSED")
      } else {
        line += "  –"
      }
      if !r.failures.isEmpty { line += "  failures: \(r.failures.count)" }
      lines.append(line)
    }
    if !result.withoutInput.isEmpty {
      lines.append("no input: " + result.withoutInput.joined(separator: ", "))
    }
    lines.append(
      "median of \(result.repetitions) timed pass(es) after a verified warm-up; MB = 10⁶ bytes; "
        + "files in memory")
    return lines.joined(separator: "\n")
  }

  /// A run's study as its sheet shows it: formatted from the figures (schema 3), or the table
  /// an older file stored; `nil` without a study.
  public static func sheetTable(of r: RunResult) -> ReportTable? {
    guard let s = r.formatStudyFigures else { return r.formatStudy }
    var table = sheetTable(s.figures, build: r.machine.buildConfiguration)
    if let all = s.corpusDrawings, let budget = s.sampleBudget {
      table.note +=
        " Bounded: the first \(s.figures.drawings) of \(all) drawings in corpus "
        + "order, while their samples total at most \(budget)."
    }
    return table
  }

  /// The study as the run sheet's section on which format to keep strokes in.
  public static func sheetTable(_ r: FormatStudyResult, build: String) -> ReportTable {
    func f(_ v: Double, _ d: Int) -> String { String(format: "%.\(d)f", v) }
    func g(_ v: Double?) -> String { v.map { $0 == 0 ? "0" : String(format: "%.3g", $0) } ?? "–" }
    return ReportTable(
      title: "Which format to store strokes in",
      note: "Every drawing written in each writable format and read back (\(r.drawings) drawings, "
        + "\(r.samples) samples, \(r.repetitions) timed pass(es), \(build) build). Errors are the worst "
        + "round-trip difference: position in CSS px, time in s, pressure in 0–1 units.",
      columns: [
        "format", "bytes/sample", "gzip bytes/sample", "encode ns/sample", "decode ns/sample",
        "max position error", "max time error", "max pressure error", "failures",
      ],
      rows: r.rows.map { row in
        [
          row.formatID, f(row.bytesPerSample, 2), f(row.gzipBytesPerSample, 2),
          f(row.encodeNsPerSample, 0), f(row.decodeNsPerSample, 0), g(row.maxPositionError),
          g(row.maxTimeError), g(row.maxPressureError), String(row.failures.count),
        ]
      })
  }
}

/// One line of the format catalog (`sigbench formats`; `--json` prints these).
public struct FormatListing: Codable, Sendable {
  public var id: String
  public var name: String
  public var extensions: [String]
  public var canWrite: Bool
  public var units: String
  public var summary: String

  public init(
    id: String, name: String, extensions: [String], canWrite: Bool, units: String,
    summary: String
  ) {
    (self.id, self.name, self.extensions) = (id, name, extensions)
    (self.canWrite, self.units, self.summary) = (canWrite, units, summary)
  }
}

extension FormatTables {
  /// The catalog as text: id, read/write, extensions; then the summary and units.
  public static func catalog(_ rows: [FormatListing]) -> [String] {
    let idWidth = (rows.map(\.id.count).max() ?? 0) + 2
    return rows.flatMap { d in
      let ext = d.extensions.map { "." + $0 }.joined(separator: " ")
      return [
        "\(d.id.padding(toLength: idWidth, withPad: " ", startingAt: 0))"
          + "\(d.canWrite ? "read/write" : "read      ")  \(ext)",
        "              \(d.summary) Units: \(d.units)",
      ]
    }
  }
}
