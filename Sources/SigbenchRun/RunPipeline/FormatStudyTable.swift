import SigbenchBench
import SigbenchFormats
import SigbenchResults

/// The storage study as a report table: the run sheet's section on which format to keep
/// strokes in.
enum FormatStudyTable {
  static func make(_ r: FormatStudy.Result, build: String) -> ReportTable {
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
