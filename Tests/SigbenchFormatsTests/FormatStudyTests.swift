import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchReport
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// A writable test format that stores only x and y as JSON pairs and, optionally, drops
/// hover or fails on request; used to check that the study reports losses.
private struct LossyFormat: StrokeFormat {
  var dropHover = false
  var failOn: String?
  let descriptor = FormatDescriptor(
    id: "lossy", name: "lossy test format", extensions: ["lossy"], canWrite: true, units: "px",
    summary: "test only")
  func sniff(_ data: Data) -> Bool { false }
  func encode(_ drawing: Drawing) throws(FormatError) -> Data {
    if drawing.name == failOn {
      throw FormatError(
        .invalidValue, file: drawing.name, location: .file, field: "drawing", rule: "refused",
        value: "")
    }
    let traces = dropHover ? [drawing.strokes] : [drawing.strokes, drawing.hover]
    let arrays = traces.map { $0.map { $0.samples.map { [$0.x, $0.y] } } }
    return (try? JSONEncoder().encode(arrays)) ?? Data()
  }
  func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    guard let a = try? JSONDecoder().decode([[[[Double]]]].self, from: data) else {
      throw FormatError(
        .malformed, file: file, location: .file, field: "JSON", rule: "must parse", value: "")
    }
    let make = { (s: [[[Double]]]) in
      s.map { Stroke(samples: $0.map { Sample(x: $0[0], y: $0[1]) }) }
    }
    return DecodeResult(drawings: [
      Drawing(name: file, strokes: make(a[0]), hover: a.count > 1 ? make(a[1]) : [])
    ])
  }
}

struct FormatStudyTests {
  func drawings(_ count: Int, seed: UInt64) -> [Drawing] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { randomDrawing(&rng, name: "d\($0)") }
  }

  @Test func gzipIsRealGzip() throws {
    let text = Data(String(repeating: "sigbench ", count: 1000).utf8)
    let z = try #require(ZlibCodec.compress(text))
    #expect(z.prefix(2) == Data([0x1F, 0x8B]))
    #expect(z.count < text.count / 10)
    #expect(ZlibCodec.decompress(z) == text)
    #expect(ZlibCodec.decompress(Data([1, 2, 3])) == nil)
  }

  @Test func measuresSizesAndRoundTripErrors() throws {
    let seed = propertySeed()
    let set = drawings(12, seed: seed)
    let formats: [any StrokeFormat] = [NativeFormat(), BinaryFormat()]
    let result = FormatStudy.run(drawings: set, formats: formats, timer: QuickHarness.timer)
    #expect(result.rows.map(\.formatID) == ["native", "sbi"])
    let samples = set.reduce(0) { $0 + FormatStudy.stored($1) }
    #expect(result.samples == samples)
    for (row, format) in zip(result.rows, formats) {
      #expect(row.drawings == 12 && row.samples == samples, "seed \(seed)")
      var bytes = 0
      var gz = 0
      for d in set {
        let data = try format.encode(d)
        bytes += data.count
        gz += ZlibCodec.compress(data)!.count
      }
      #expect(row.bytes == bytes && row.gzipBytes == gz, "seed \(seed)")
      #expect(abs(row.bytesPerSample - Double(bytes) / Double(samples)) < 1e-9)
      #expect(row.encodeNsPerSample > 0 && row.decodeNsPerSample > 0)
      #expect(row.failures.isEmpty && row.lostChannels.isEmpty && row.shapeMismatches == 0)
    }
    let native = result.rows[0]
    #expect(
      native.maxPositionError == 0 && native.maxTimeError == 0 && native.maxPressureError == 0)
    let sbi = result.rows[1]
    let q = BinaryFormat.Quanta()
    #expect(
      sbi.maxPositionError > 0 && sbi.maxPositionError <= q.position / 2 * 2.0.squareRoot() + 1e-9)
    #expect(sbi.maxTimeError! <= q.time / 2 + 1e-9)
    #expect(sbi.maxPressureError! <= q.pressure / 2 + 1e-9)
    #expect(sbi.bytes < native.bytes / 3, "seed \(seed)")
  }

  @Test func reportsLostChannelsShapeChangesAndFailures() {
    let set = drawings(6, seed: propertySeed() ^ 7)
    let lossy = FormatStudy.run(drawings: set, formats: [LossyFormat()], timer: QuickHarness.timer)
      .rows[0]
    let hasTime = set.contains {
      ($0.strokes + $0.hover).contains { $0.samples.contains { $0.time != nil } }
    }
    #expect(lossy.lostChannels.contains("t") == hasTime)
    #expect(lossy.maxTimeError == nil)
    let hoverCount = set.filter { !$0.hover.isEmpty }.count
    let dropping = FormatStudy.run(
      drawings: set, formats: [LossyFormat(dropHover: true)], timer: QuickHarness.timer
    )
    .rows[0]
    #expect(dropping.shapeMismatches == hoverCount)
    let failing = FormatStudy.run(
      drawings: set, formats: [LossyFormat(failOn: "d1")], timer: QuickHarness.timer
    ).rows[0]
    #expect(failing.drawings == set.count - 1)
    #expect(failing.failures.count == 1 && failing.failures[0].contains("d1"))
  }

  @Test func resultIsCodableAndPrintsATable() throws {
    let result = FormatStudy.run(drawings: drawings(3, seed: 11), timer: QuickHarness.timer)
    #expect(
      result.rows.map(\.formatID)
        == FormatCatalog.all.filter(\.descriptor.canWrite).map(\.descriptor.id))
    let back = try JSONDecoder().decode(
      FormatStudy.Result.self, from: try JSONEncoder().encode(result))
    #expect(back == result)
    #expect(FormatTables.study(result).contains("sbi"))
    #expect(FormatTables.study(result).split(separator: "\n").count == result.rows.count + 2)
  }

  @Test(.enabled(if: corpusFolder("svc2004") != nil)) func runsOnRealSignatures() throws {
    let files = corpusFiles("svc2004", suffix: ".txt").prefix(8)
    let set = try files.map {
      try SVC2004Format().decode(
        try Data(contentsOf: $0), file: $0.lastPathComponent, options: .init()
      )
      .drawings[0]
    }
    let result = FormatStudy.run(
      drawings: set, formats: [NativeFormat(), BinaryFormat()], timer: QuickHarness.timer)
    #expect(result.rows.allSatisfy { $0.drawings == set.count && $0.failures.isEmpty })
    #expect(result.rows[1].gzipBytesPerSample < result.rows[0].gzipBytesPerSample)
  }
}
