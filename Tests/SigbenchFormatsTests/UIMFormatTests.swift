import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// A tiny protobuf writer for hand-made UIM fixtures.
private struct PB {
  var bytes: [UInt8] = []
  mutating func varint(_ field: Int, _ v: UInt64) {
    BinaryByteWriter.varint(UInt64(field << 3), into: &bytes)
    BinaryByteWriter.varint(v, into: &bytes)
  }
  mutating func data(_ field: Int, _ b: [UInt8]) {
    BinaryByteWriter.varint(UInt64(field << 3 | 2), into: &bytes)
    BinaryByteWriter.varint(UInt64(b.count), into: &bytes)
    bytes += b
  }
  mutating func string(_ field: Int, _ s: String) { data(field, Array(s.utf8)) }
  mutating func double(_ field: Int, _ v: Double) {
    BinaryByteWriter.varint(UInt64(field << 3 | 1), into: &bytes)
    BinaryByteWriter.float64LE(v, into: &bytes)
  }
  mutating func packedSInt(_ field: Int, _ values: [Int64]) {
    var p: [UInt8] = []
    for v in values { BinaryByteWriter.zigzag(v, into: &p) }
    data(field, p)
  }
}

/// Wacom UIM 3.1 reader (stroke-formats.md §8).
struct UIMFormatTests {
  let format = UIMFormat()

  static func id(_ k: UInt8) -> [UInt8] { [UInt8](repeating: k, count: 16) }

  /// `uim-two-runs`: one pen provider, channels X/Y (LENGTH, 3779.53/m, precision 2), time
  /// (1000, precision 0), pressure (NORMALIZED, precision 3), a RadiusX channel; a PLANE run
  /// with packed deltas and a HOVERING run with unpacked deltas, plus an unknown field.
  static func fixture(compression: UInt8 = 0, version: UInt8 = 1) -> [UInt8] {
    func channel(_ k: UInt8, _ type: String, _ metric: UInt64, _ res: Double, _ precision: UInt64)
      -> [UInt8]
    {
      var c = PB()
      c.data(1, id(k))
      c.string(2, "will://input/3.0/channel/\(type)")
      c.varint(3, metric)
      c.double(4, res)
      c.varint(7, precision)
      return c.bytes
    }
    var channels = PB()
    channels.data(1, id(20))
    channels.data(2, channel(1, "X", 0, 3779.53, 2))
    channels.data(2, channel(2, "Y", 0, 3779.53, 2))
    channels.data(2, channel(3, "Timestamp", 1, 1000, 0))
    channels.data(2, channel(4, "Pressure", 4, 1, 3))
    channels.data(2, channel(5, "RadiusX", 0, 3779.53, 2))
    channels.varint(3, 240)
    channels.data(5, id(30))
    var sensorContext = PB()
    sensorContext.data(1, id(40))
    sensorContext.data(2, channels.bytes)
    var inputContext = PB()
    inputContext.data(1, id(50))
    inputContext.data(3, id(40))
    var provider = PB()
    provider.data(1, id(30))
    provider.varint(2, 0)
    var contextData = PB()
    contextData.data(1, inputContext.bytes)
    contextData.data(2, provider.bytes)
    contextData.data(5, sensorContext.bytes)
    func run(
      _ state: UInt64, _ ts: UInt64, _ x: [Int64], _ y: [Int64], _ t: [Int64], _ p: [Int64],
      packed: Bool
    ) -> [UInt8] {
      var s = PB()
      s.data(1, id(60))
      s.data(2, id(50))
      s.varint(3, state)
      s.varint(4, ts)
      s.varint(99, 7)  // unknown field: skipped
      for (k, values) in [(UInt8(1), x), (2, y), (3, t), (4, p), (5, x)] {
        var c = PB()
        c.data(1, id(k))
        if packed {
          c.packedSInt(2, values)
        } else {
          for v in values { c.varint(2, UInt64(bitPattern: (v << 1) ^ (v >> 63))) }
        }
        s.data(5, c.bytes)
      }
      return s.bytes
    }
    var input = PB()
    input.data(1, contextData.bytes)
    input.data(
      2,
      run(
        0, 1_000_000, [37795, 100, -50], [0, 200, 0], [0, 4, 4], [500, 100, -600], packed: true))
    input.data(2, run(1, 1_000_020, [0, 10], [5, 5], [0, 8], [0, 0], packed: false))
    var head: [UInt8] = [3, version, 0, 0]
    head += [3, 1, 0, 1, compression, 0, 0, 0]
    var body: [UInt8] = Array("UINK".utf8)
    func chunk(_ name: String, _ payload: [UInt8]) {
      body += Array(name.utf8)
      withUnsafeBytes(of: UInt32(payload.count).littleEndian) { body += $0 }
      body += payload
      if payload.count % 2 == 1 { body.append(0) }
    }
    chunk("HEAD", head)
    chunk("INPT", input.bytes)
    var file: [UInt8] = Array("RIFF".utf8)
    withUnsafeBytes(of: UInt32(body.count).littleEndian) { file += $0 }
    return file + body
  }

  @Test func decodesCumulativeDeltasWithResolutionAndPrecision() throws {
    let r = try format.decode(Data(Self.fixture()), file: "uim-two-runs", options: .init())
    let d = try #require(r.drawings.first)
    #expect(r.drawings.count == 1)
    #expect(d.strokes.count == 1 && d.hover.count == 1)
    let s = d.strokes[0].samples
    let pxPerUnit = 96 / 0.0254 / (3779.53 * 100)
    #expect(abs(s[0].x - 37795 * pxPerUnit) < 1e-9)
    #expect(abs(s[2].x - 37845 * pxPerUnit) < 1e-9)  // running sum 37795 + 100 − 50
    #expect(abs(s[1].y - 200 * pxPerUnit) < 1e-9)
    #expect(s.map(\.time) == [0, 0.004, 0.008])
    #expect(s.map(\.pressure) == [0.5, 0.6, 0.0])
    #expect(s[0].tilt == nil)
    #expect(d.strokes[0].attributes == ["provider": "pen", "sensorDataIndex": "0"])
    let h = d.hover[0].samples
    #expect(h.map(\.time) == [0.020, 0.028])  // from the run's own timestamp
    #expect(abs(h[1].y - 10 * pxPerUnit) < 1e-9)
    #expect(d.metadata.notes.contains { $0.contains("RadiusX") })
    #expect(abs(d.metadata.sampleRate! - 250) < 1e-6)
  }

  @Test func rejectsCompressionAndOtherVersions() {
    let zip = decodeError(format, Data(Self.fixture(compression: 1)), file: "zip.uim")
    #expect(zip?.kind == .unsupportedVersion && zip?.field == "INPT compression")
    let v30 = decodeError(format, Data(Self.fixture(version: 0)), file: "v30.uim")
    #expect(v30?.kind == .unsupportedVersion && v30?.value == "3.0.0")
  }

  @Test func truncationNamesAByteOffset() {
    let bytes = Self.fixture()
    let e = decodeError(format, Data(bytes.prefix(bytes.count - 3)), file: "cut.uim")
    #expect(e?.field == "RIFF size")
    #expect(e?.location == .byte(4))
    var inner = bytes
    inner[4] = UInt8(truncatingIfNeeded: bytes.count - 8 - 2)  // RIFF shorter than INPT
    let chunk = decodeError(format, Data(inner), file: "short.uim")
    if case .byte = chunk?.location {
    } else {
      Issue.record("no byte offset: \(String(describing: chunk))")
    }
  }

  @Test func mutationsNeverTrap() {
    checkMutations(format, Data(Self.fixture()), file: "uim-two-runs", count: 400)
  }

  /// Every `.uim` in the corpus against the `*.sensor.csv` decoded beside it with Wacom's own
  /// library: same runs, providers and sample counts (868, 337 + 384 + 745, 2 789 per
  /// SOURCE.md), and every value equal within the CSV's 9-digit rounding.
  @Test(.enabled(if: corpusFolder("wacom-uim") != nil)) func matchesTheDecodedCSVs() throws {
    let expectedCounts = [
      "special_ink.uim": 868, "different_input_providers_3.1.0.uim": 1466,
      "digital_ink_is_processable_3.1.0.uim": 2789,
    ]
    let files = corpusFiles("wacom-uim", suffix: ".uim")
    #expect(files.count == 3)
    for url in files {
      let name = url.lastPathComponent
      let data = try Data(contentsOf: url)
      #expect(FormatCatalog.reader(forFileName: name, data: data)?.descriptor.id == "uim")
      guard let r = decodeOrFail(format, data, file: name) else { continue }
      let csvURL = url.deletingPathExtension().appendingPathExtension("sensor.csv")
      let lines = try String(contentsOf: csvURL, encoding: .utf8).split(whereSeparator: \.isNewline)
        .dropFirst()
      let rows = lines.map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      }
      #expect(rows.count == expectedCounts[name])
      var byRun: [Int: [[String]]] = [:]
      for row in rows { byRun[Int(row[0])!, default: []].append(row) }
      var traces: [Int: Stroke] = [:]
      for d in r.drawings {
        #expect(invariantViolations(d).isEmpty, "\(d.name)")
        for s in d.strokes + d.hover { traces[Int(s.attributes["sensorDataIndex"]!)!] = s }
      }
      #expect(traces.count == byRun.count, "\(name)")
      let total = r.drawings.reduce(0) {
        $0 + $1.sampleCount + $1.hover.reduce(0) { $0 + $1.samples.count }
      }
      #expect(total == expectedCounts[name], "\(name)")
      // Times are compared as differences from the first CSV row, since sigbench re-bases them.
      let allTimes = r.drawings.flatMap {
        ($0.strokes + $0.hover).flatMap { $0.samples.compactMap(\.time) }
      }
      let csvT0 = rows.map { Double($0[2])! }.min()!
      let t0 = allTimes.min() ?? 0
      var worst = [0.0, 0.0, 0.0, 0.0, 0.0]
      for (index, csv) in byRun {
        guard let s = traces[index] else {
          Issue.record("\(name): run \(index) missing")
          continue
        }
        #expect(s.samples.count == csv.count, "\(name) run \(index)")
        #expect(s.attributes["provider"] == csv[0][1].lowercased(), "\(name) run \(index)")
        for (p, row) in zip(s.samples, csv) {
          worst[0] = max(worst[0], abs(p.x - Double(row[3])! * UIMFormat.pxPerMetre))
          worst[1] = max(worst[1], abs(p.y - Double(row[4])! * UIMFormat.pxPerMetre))
          worst[2] = max(worst[2], abs((p.time! - t0) - (Double(row[2])! - csvT0)))
          if let pressure = Double(row[5]) {
            worst[3] = max(worst[3], abs(p.pressure! - pressure))
          } else {
            #expect(p.pressure == nil)
          }
          if let altitude = Double(row[6]) {
            worst[4] = max(worst[4], abs(p.tilt! - (Double.pi / 2 - altitude)))
            let azimuth = Double(row[7])!
            var d = abs(p.azimuth! - azimuth).truncatingRemainder(dividingBy: 2 * Double.pi)
            d = min(d, 2 * Double.pi - d)
            #expect(d < 1e-6, "\(name) run \(index)")
          }
        }
      }
      #expect(worst[0] < 1e-5 && worst[1] < 1e-5, "\(name): position error \(worst)")
      // Repeated timestamps are repaired by +1 µs each (SampleRules), so allow a few µs.
      #expect(worst[2] < 2e-5, "\(name): time error \(worst[2])")
      #expect(worst[3] < 1e-6 && worst[4] < 1e-6, "\(name): pressure/tilt error \(worst)")
    }
  }

  @Test(.enabled(if: corpusFolder("wacom-uim") != nil)) func corpusMutationsNeverTrap() throws {
    for url in corpusFiles("wacom-uim", suffix: ".uim") {
      checkMutations(format, try Data(contentsOf: url), file: url.lastPathComponent, count: 40)
    }
  }
}
