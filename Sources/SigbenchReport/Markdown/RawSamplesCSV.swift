import Foundation
import SigbenchResults

/// The raw figures as CSV, one row per timed figure:
/// `strategy,lane,process,kind,pass,stroke,index,stroke_length,ns` where process is the worker
/// (0-based; 0 when measured in-process) and kind is `single` (one bracket per push, clock
/// overhead included), `finish` (one per stroke; index empty) or `batched` (per-point figure of
/// one batch; stroke and index empty). Bounded: at most `RawSeries.maxRowsPerSeries` rows per
/// strategy × lane; a series that was thinned ends with one `left-out` row whose `ns` column
/// holds the number of its rows left out (the total is in `bench.json`, `rawSamples`).
public enum RawSamplesCSV {
  public static let header = "strategy,lane,process,kind,pass,stroke,index,stroke_length,ns"

  /// The CSV text of `series`.
  public static func render(_ series: [RawSeries]) -> String {
    var out = header + "\n"
    for s in series {
      let who = "\(quote(s.strategy)),\(s.lane.rawValue),\(s.process)"
      for (pass, r) in s.passes.enumerated() {
        for i in r.ns.indices {
          out +=
            "\(who),single,\(pass),\(r.stroke[i]),\(r.index[i]),\(r.length[i]),\(Int(r.ns[i]))\n"
        }
      }
      for (pass, f) in s.finishes.enumerated() {
        for (stroke, v) in f.enumerated() {
          out += "\(who),finish,\(pass),\(stroke),,,\(Int(v))\n"
        }
      }
      for (pass, b) in s.batched.enumerated() {
        for v in b { out += "\(who),batched,\(pass),,,,\(v)\n" }
      }
      if s.rowsLeftOut > 0 { out += "\(who),left-out,,,,,\(s.rowsLeftOut)\n" }
    }
    return out
  }

  /// A field quoted when it holds a comma, quote or newline (RFC 4180).
  public static func quote(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
