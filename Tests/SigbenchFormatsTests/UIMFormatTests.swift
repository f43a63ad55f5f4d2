import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// Wacom UIM 3.1 reader.
struct UIMFormatTests {
  let format = UIMFormat()

  static func fixture() -> [UInt8] { UIMTestFiles.file31(payload: UIMTestFiles.inputData()) }

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

  @Test func rejectsOtherVersionsContentTypesAndCompressions() {
    let payload = UIMTestFiles.inputData()
    for version: [UInt8] in [[3, 2, 0], [2, 0, 0], [4, 1, 0]] {
      let file = UIMTestFiles.file31(payload: payload, version: version)
      let e = decodeError(format, Data(file), file: "v.uim")
      #expect(e?.kind == .unsupportedVersion && e?.field == "HEAD version")
      #expect(e?.value == version.map(String.init).joined(separator: "."))
      #expect(e?.location == .byte(20))
    }
    let json = decodeError(
      format, Data(UIMTestFiles.file31(payload: payload, contentType: 2)), file: "json.uim")
    #expect(json?.kind == .unsupportedVersion && json?.field == "INPT content type")
    #expect(json?.value == "2" && json?.location == .byte(20 + 4 + 3))
    for method: UInt8 in [3, 9, 255] {
      let e = decodeError(
        format, Data(UIMTestFiles.file31(payload: payload, compression: method)), file: "c.uim")
      #expect(e?.kind == .unsupportedVersion && e?.field == "INPT compression")
      #expect(e?.value == String(method) && e?.location == .byte(20 + 4 + 4))
      #expect(e?.rule.contains("ZIP") == true && e?.rule.contains("LZMA") == true)
    }
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

  @Test(
    "hand-made fixtures (3.1, 3.0, every compression), 300 seeded mutations each",
    arguments: UIMFixtures.all.map(\.name))
  func mutationsNeverTrap(name: String) throws {
    let file = try #require(UIMFixtures.all.first { $0.name == name }).bytes()
    checkMutations(format, Data(file), file: name, count: 300)
  }

  /// Mutations of the input data itself, then compressed: errors from inside a decompressed
  /// payload must still name the file and a place.
  @Test func mutatedPayloadsInsideCompressedChunks() {
    let input = Data(UIMTestFiles.inputData())
    let rejected = checkMutations(format, input, file: "uim-two-runs-inner", count: 300) {
      let zlib = TestCompression.deflate([UInt8]($0), framing: .zlib) ?? []
      return Data(UIMTestFiles.file31(payload: zlib, compression: 1))
    }
    #expect(rejected > 0)
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

  /// The corpus files as they are, as 3.0 files and with a zlib- and an xz-compressed INPT.
  @Test(.enabled(if: corpusFolder("wacom-uim") != nil)) func corpusMutationsNeverTrap() throws {
    for url in corpusFiles("wacom-uim", suffix: ".uim") {
      let original = [UInt8](try Data(contentsOf: url))
      let name = url.lastPathComponent
      let variants: [(String, [UInt8])] = [
        (name, original),
        (
          "\(name) as 3.0",
          try UIMTestFiles.file30(inputData: [UIMTestFiles.inputData(of: original)])
        ),
        (
          "\(name) zlib",
          try UIMTestFiles.recompressed31(original, method: 1) {
            TestCompression.deflate($0, framing: .zlib)
          }
        ),
        (
          "\(name) xz",
          try UIMTestFiles.recompressed31(original, method: 2) { TestCompression.xz($0) }
        ),
      ]
      for (label, bytes) in variants {
        checkMutations(format, Data(bytes), file: label, count: 40)
      }
    }
  }
}
