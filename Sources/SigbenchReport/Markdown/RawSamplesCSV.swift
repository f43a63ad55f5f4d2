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

  /// The CSV text of `series` (what `write(_:into:)` hands out, joined).
  public static func render(_ series: [RawSeries]) -> String {
    var out = Data()
    write(series) { out.append($0) }
    return String(decoding: out, as: UTF8.self)
  }

  /// Bytes handed to `append` per piece: about this many (a piece ends at a row's end).
  public static let pieceBytes = 1 << 16

  /// Hands the CSV text of `series` to `append` in order, a piece of about `pieceBytes` at a
  /// time, so that the file (tens of MB at the row limit) is never held whole in memory.
  ///
  /// - Complexity: O(rows); memory O(`pieceBytes`).
  public static func write(
    _ series: [RawSeries], into append: (Data) throws -> Void
  ) rethrows {
    var out = header + "\n"
    out.reserveCapacity(pieceBytes + 256)
    // Adds a row; true when the piece is full and should be handed out (`take`).
    func add(_ line: String) -> Bool {
      out += line
      return out.utf8.count >= pieceBytes
    }
    func take() -> Data {
      defer { out.removeAll(keepingCapacity: true) }
      return Data(out.utf8)
    }
    for s in series {
      let who = "\(quote(s.strategy)),\(s.lane.rawValue),\(s.process)"
      for (pass, r) in s.passes.enumerated() {
        for i in r.ns.indices {
          let line =
            "\(who),single,\(pass),\(r.stroke[i]),\(r.index[i]),\(r.length[i]),\(Int(r.ns[i]))\n"
          if add(line) { try append(take()) }
        }
      }
      for (pass, f) in s.finishes.enumerated() {
        for (stroke, v) in f.enumerated() {
          if add("\(who),finish,\(pass),\(stroke),,,\(Int(v))\n") { try append(take()) }
        }
      }
      for (pass, b) in s.batched.enumerated() {
        for v in b {
          if add("\(who),batched,\(pass),,,,\(v)\n") { try append(take()) }
        }
      }
      if s.rowsLeftOut > 0, add("\(who),left-out,,,,,\(s.rowsLeftOut)\n") { try append(take()) }
    }
    if !out.isEmpty { try append(take()) }
  }

  /// A field quoted when it holds a comma, quote or newline (RFC 4180).
  public static func quote(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
