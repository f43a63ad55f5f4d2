import Foundation
import SigbenchCore

/// What each writable format costs on a set of drawings: size per sample
/// raw and gzip-compressed, encode and decode time per sample, and the worst position, time
/// and pressure error after one round trip. A table a team can use to choose a storage format.
///
/// Method: every drawing is written to its own file image with `encode`, gzip-compressed
/// alone (zlib level 6, as one stored file would be), and read back with `decode`. Sizes are
/// summed over drawings and divided by all stored samples (ink + hover). Times are the best of
/// `repetitions` passes over all drawings (wall clock, `ContinuousClock`), divided by the same
/// sample count; run it in a release build for meaningful figures. Errors compare each decoded
/// drawing with its original sample by sample: position as Euclidean distance in px, time in
/// s, pressure in [0, 1] units; a channel a format drops is listed in `lostChannels`, a
/// changed shape (trace or sample counts) is counted in `shapeMismatches`.
/// Cost: O(repetitions · bytes) per format.
public enum FormatStudy {
  /// One format's figures.
  public struct Row: Codable, Sendable, Hashable {
    public var formatID: String
    public var formatName: String
    /// Drawings written and read back without error.
    public var drawings: Int
    /// Ink and hover samples in those drawings.
    public var samples: Int
    public var bytes: Int
    public var gzipBytes: Int
    public var bytesPerSample: Double
    public var gzipBytesPerSample: Double
    public var encodeNsPerSample: Double
    public var decodeNsPerSample: Double
    /// Worst distance between a decoded and an original position, CSS px.
    public var maxPositionError: Double
    /// Worst time difference, s; `nil` when no timed sample survived.
    public var maxTimeError: Double?
    /// Worst pressure difference; `nil` when no sample with pressure survived.
    public var maxPressureError: Double?
    /// Channels present in the input but missing after the round trip ("t", "pressure", …).
    public var lostChannels: [String]
    /// Drawings whose trace or sample counts changed.
    public var shapeMismatches: Int
    /// Why drawings failed to encode or decode (first 5).
    public var failures: [String]
  }

  /// The study over all formats.
  public struct Result: Codable, Sendable, Hashable {
    public var drawings: Int
    public var samples: Int
    public var repetitions: Int
    public var rows: [Row]

    /// A fixed-width text table, one row per format.
    public var table: String {
      var lines = [
        "format        B/sample  gzip B/sample  encode ns/sample  decode ns/sample  max pos err px  max t err s  max p err"
      ]
      func g(_ v: Double?) -> String { v.map { String(format: "%.3g", $0) } ?? "–" }
      for r in rows {
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
      lines.append("\(drawings) drawings, \(samples) samples (ink + hover), best of \(repetitions)")
      return lines.joined(separator: "\n")
    }
  }

  /// Runs the study over `formats` (by default every writable format in `FormatCatalog`).
  public static func run(
    drawings: [Drawing],
    formats: [any StrokeFormat] = FormatCatalog.all.filter(\.descriptor.canWrite),
    repetitions: Int = 3
  ) -> Result {
    let reps = max(1, repetitions)
    let total = drawings.reduce(0) { $0 + stored($1) }
    return Result(
      drawings: drawings.count, samples: total, repetitions: reps,
      rows: formats.map { study($0, drawings, reps) })
  }

  static func stored(_ d: Drawing) -> Int {
    (d.strokes + d.hover).reduce(0) { $0 + $1.samples.count }
  }

  private static func study(_ format: any StrokeFormat, _ drawings: [Drawing], _ reps: Int) -> Row {
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
    let clock = ContinuousClock()
    var bestEncode = Duration.seconds(1e9)
    var bestDecode = Duration.seconds(1e9)
    var sink = 0
    for _ in 0..<reps {
      let e = clock.measure {
        for (d, _) in readable { sink &+= (try? format.encode(d))?.count ?? 0 }
      }
      bestEncode = min(bestEncode, e)
      let t = clock.measure {
        for (d, data) in readable {
          sink &+=
            (try? format.decode(data, file: d.name, options: DecodeOptions()))?.drawings.count
            ?? 0
        }
      }
      bestDecode = min(bestDecode, t)
    }
    row.encodeNsPerSample = nanoseconds(bestEncode) / n
    row.decodeNsPerSample = nanoseconds(bestDecode) / n
    if sink == Int.min { row.failures.append("unreachable") }  // keeps the work observable
    var lost = Set<String>()
    for (original, back) in decoded {
      compare(original, back, into: &row, lost: &lost)
    }
    row.lostChannels = lost.sorted()
    return row
  }

  private static func nanoseconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1e9 + Double(c.attoseconds) * 1e-9
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
