import Foundation
import SigbenchCore
import SigbenchResults

/// What each writable format costs on a set of drawings: size per sample
/// raw and gzip-compressed, encode and decode time per sample, and the worst position, time
/// and pressure error after one round trip. A table a team can use to choose a storage format.
///
/// Method: every drawing is written to its own file image with `encode`, gzip-compressed
/// alone (zlib level 6, as one stored file would be), and read back with `decode`. Sizes are
/// summed over drawings and divided by all stored samples (ink + hover). Times are the median
/// pass over all drawings as the closure harness handed in (`ClosureTimer`: calibrated
/// monotonic clock, verified warm-up, timed runs) measures it, divided by the same sample
/// count; run it in a release build for meaningful figures. Errors compare each decoded
/// drawing with its original sample by sample: position as Euclidean distance in px, time in
/// s, pressure in [0, 1] units; a channel a format drops is listed in `lostChannels`, a
/// changed shape (trace or sample counts) is counted in `shapeMismatches`.
/// Cost: O((warm-up + timed passes) · bytes) per format.
public enum FormatStudy {
  public typealias Row = FormatStudyRow
  public typealias Result = FormatStudyResult

  /// Runs the study over `formats` (by default every writable format in `FormatCatalog`),
  /// timing each encode and decode pass with `timer`.
  public static func run(
    drawings: [Drawing],
    formats: [any StrokeFormat] = FormatCatalog.all.filter(\.descriptor.canWrite),
    timer: ClosureTimer
  ) -> Result {
    let total = drawings.reduce(0) { $0 + stored($1) }
    let rows = formats.map { study($0, drawings, timer) }
    return Result(
      drawings: drawings.count, samples: total,
      repetitions: rows.compactMap(\.decodeTiming?.timedPasses).first ?? 0, rows: rows)
  }

  static func stored(_ d: Drawing) -> Int {
    (d.strokes + d.hover).reduce(0) { $0 + $1.samples.count }
  }

  private static func study(
    _ format: any StrokeFormat, _ drawings: [Drawing], _ timer: ClosureTimer
  ) -> Row {
    var row = Row(
      formatID: format.descriptor.id, formatName: format.descriptor.name, drawings: 0,
      samples: 0, bytes: 0, gzipBytes: 0, bytesPerSample: 0, gzipBytesPerSample: 0,
      encodeNsPerSample: 0, decodeNsPerSample: 0, maxPositionError: 0, maxTimeError: nil,
      maxPressureError: nil, lostChannels: [], shapeMismatches: 0, failures: [])
    var files: [(Drawing, Data)] = []
    for d in drawings {
      do {
        files.append((d, try format.encode(d)))
      } catch {
        if row.failures.count < 5 { row.failures.append("encode \(d.name): \(error)") }
      }
    }
    var decoded: [(Drawing, Drawing)] = []
    var readable: [(Drawing, Data)] = []
    for (d, data) in files {
      do {
        let r = try format.decode(data, file: d.name, options: DecodeOptions())
        guard let back = r.drawings.first, r.drawings.count == 1 else {
          throw FormatError(
            .malformed, file: d.name, location: .file, field: "drawings",
            rule: "must decode to one drawing", value: String(r.drawings.count))
        }
        decoded.append((d, back))
        readable.append((d, data))
      } catch {
        if row.failures.count < 5 { row.failures.append("decode \(d.name): \(error)") }
      }
    }
    row.drawings = readable.count
    row.samples = readable.reduce(0) { $0 + stored($1.0) }
    row.bytes = readable.reduce(0) { $0 + $1.1.count }
    row.gzipBytes = readable.reduce(0) {
      $0 + (ZlibCodec.compress($1.1)?.count ?? $1.1.count)
    }
    let n = Double(max(1, row.samples))
    row.bytesPerSample = Double(row.bytes) / n
    row.gzipBytesPerSample = Double(row.gzipBytes) / n
    let id = format.descriptor.id
    let encode = timer("encode \(id)") {
      var bytes = 0
      for (d, _) in readable { bytes &+= (try? format.encode(d))?.count ?? 0 }
      return bytes
    }
    let decode = timer("decode \(id)") {
      var count = 0
      for (d, data) in readable {
        count &+=
          (try? format.decode(data, file: d.name, options: DecodeOptions()))?.drawings.count ?? 0
      }
      return count
    }
    row.encodeTiming = encode
    row.decodeTiming = decode
    row.encodeNsPerSample = encode.summary.p50 / n
    row.decodeNsPerSample = decode.summary.p50 / n
    var lost = Set<String>()
    for (original, back) in decoded {
      compare(original, back, into: &row, lost: &lost)
    }
    row.lostChannels = lost.sorted()
    return row
  }

  private static func compare(
    _ a: Drawing, _ b: Drawing, into row: inout Row, lost: inout Set<String>
  ) {
    let left = a.strokes + a.hover
    let right = b.strokes + b.hover
    guard a.strokes.count == b.strokes.count, a.hover.count == b.hover.count,
      zip(left, right).allSatisfy({ $0.samples.count == $1.samples.count })
    else {
      row.shapeMismatches += 1
      return
    }
    for (s, r) in zip(left, right) {
      for (p, q) in zip(s.samples, r.samples) {
        row.maxPositionError = max(row.maxPositionError, p.point.distance(to: q.point))
        switch (p.time, q.time) {
        case (let u?, let v?): row.maxTimeError = max(row.maxTimeError ?? 0, abs(u - v))
        case (_?, nil): lost.insert("t")
        default: break
        }
        switch (p.pressure, q.pressure) {
        case (let u?, let v?): row.maxPressureError = max(row.maxPressureError ?? 0, abs(u - v))
        case (_?, nil): lost.insert("pressure")
        default: break
        }
        if p.tilt != nil, q.tilt == nil { lost.insert("tilt") }
        if p.azimuth != nil, q.azimuth == nil { lost.insert("azimuth") }
      }
    }
  }
}
