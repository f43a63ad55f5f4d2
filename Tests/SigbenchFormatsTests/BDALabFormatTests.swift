import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// BDALab `.svc` reader.
struct BDALabFormatTests {
  let format = BDALabFormat()
  let mmToPx = 96 / 25.4

  /// `raw-device-off-by-one`: device units, ms, a header one short of the rows, an in-air run
  /// between two pen-down runs.
  let raw =
    "6\n"
    + "10000 20000 354642400 1 900 600 1000\n"
    + "10100 19900 354642408 1 900 600 2000\n"
    + "10200 19800 354642415 0 900 600 0\n"
    + "10300 19700 354642423 0 900 600 0\n"
    + "10400 19600 354642430 1 900 600 22634\n"
    + "10500 19500 354642438 1 900 600 20000\n"
    + "10600 19400 354642446 1 900 600 20000\n"

  /// `converted-mm`: mm, seconds, normalised pressure, starting in the air.
  let mm =
    "5\n"
    + "52.810000 81.310000 0.000000 0 510.000000 520.000000 0.000000\n"
    + "52.830000 81.310000 0.007000 0 510.000000 520.000000 0.000000\n"
    + "52.855000 81.300000 0.015000 1 510.000000 520.000000 0.022483\n"
    + "52.870000 81.290000 0.022000 1 510.000000 520.000000 0.035191\n"
    + "52.900000 81.280000 0.030000 1 510.000000 520.000000 0.045000\n"

  @Test func keepsInAirRowsAsHoverAndTrustsTheRows() throws {
    let r = try format.decode(Data(raw.utf8), file: "raw-device-off-by-one", options: .init())
    let d = r.drawings[0]
    #expect(d.strokes.map(\.samples.count) == [2, 3])
    #expect(d.hover.map(\.samples.count) == [2])
    #expect(r.warnings.contains { $0.message.contains("header says 6 rows but the file has 7") })
    #expect(invariantViolations(d).isEmpty)
  }

  @Test func decidesDeviceUnitsFromTheRanges() throws {
    let d = try format.decode(Data(raw.utf8), file: "raw", options: .init()).drawings[0]
    #expect(d.metadata.nativeUnits.hasPrefix("device units"))
    #expect(d.metadata.nominalScale)
    #expect(d.metadata.notes[0].contains("decided by value ranges"))
    let s = d.strokes[0].samples[1]
    #expect(abs(s.x - 10100 * 96 / 5080) < 1e-9)
    #expect(abs(s.y - (20000 - 19900) * 96 / 5080) < 1e-9)
    #expect(abs(s.time! - 0.008) < 1e-12)
    #expect(abs(s.pressure! - 2000 / 32767) < 1e-12)
    #expect(abs(s.tilt! - 30 * Double.pi / 180) < 1e-12)
    #expect(abs(s.azimuth! - 0) < 1e-12)
  }

  @Test func decidesMillimetresFromTheRanges() throws {
    let d = try format.decode(Data(mm.utf8), file: "converted-mm", options: .init()).drawings[0]
    #expect(d.metadata.nativeUnits.hasPrefix("mm"))
    #expect(!d.metadata.nominalScale)
    #expect(d.hover.map(\.samples.count) == [2])
    #expect(d.strokes.map(\.samples.count) == [3])
    let s = d.strokes[0].samples[0]
    #expect(abs(s.x - 52.855 * mmToPx) < 1e-9)
    #expect(abs(s.y - (81.31 - 81.30) * mmToPx) < 1e-9)
    #expect(s.time == 0.015)
    #expect(s.pressure == 0.022483)
  }

  @Test func honoursTheUnitsOverride() throws {
    var options = DecodeOptions()
    options.unitsOverride = "device"
    let d = try format.decode(Data(mm.utf8), file: "converted-mm", options: options).drawings[0]
    #expect(d.metadata.nativeUnits.hasPrefix("device"))
    #expect(d.metadata.notes.contains { $0.contains("overridden") })
    #expect(abs(d.strokes[0].samples[0].time! - 0.000015) < 1e-15)
    options.unitsOverride = "furlongs"
    let e = decodeError(format, mm, options: options)
    #expect(e?.field == "units")
    #expect(e?.value == "furlongs")
  }

  @Test func errorsNameTheLineAndColumn() {
    let e = decodeError(format, "2\n1 2 3 0 5 6 7\n1 2 3 0 5 six 7\n", file: "bad.svc")
    #expect(e?.file == "bad.svc")
    #expect(e?.location == .line(3, column: 11))
    #expect(e?.field == "tilt")
    let nan = decodeError(format, "1\n1 2 3 nan 5 6 7\n")
    #expect(nan?.field == "pen_status")
    let short = decodeError(format, "1\n1 2 3 0 5 6\n")
    #expect(short?.rule.contains("7–7 columns") == true)
  }

  @Test func sniffAndCatalogPickThisDialect() {
    #expect(format.sniff(Data(raw.utf8)))
    #expect(format.sniff(Data(mm.utf8)))
    #expect(!SVC2004Format().sniff(Data(raw.utf8)))
    #expect(
      FormatCatalog.reader(forFileName: "x.svc", data: Data(raw.utf8))?.descriptor.id
        == "bdalab-svc")
  }

  @Test func mutationsNeverTrap() {
    checkMutations(format, Data(raw.utf8), file: "raw-device-off-by-one", count: 200)
    checkMutations(format, Data(mm.utf8), file: "converted-mm", count: 200)
  }

  /// signal.svc per SOURCE.md: 1378 rows (header 1378), 5 pen-down runs holding 819 rows, 4
  /// in-air runs holding 559 rows; mm, x 52.7–93.1, y 54.0–86.3, t 0–11.731 s, pressure 0–0.93.
  @Test(.enabled(if: corpusFolder("bdalab-svc") != nil)) func readsTheCorpusFile() throws {
    let files = corpusFiles("bdalab-svc", suffix: ".svc")
    #expect(!files.isEmpty)
    for url in files {
      let data = try Data(contentsOf: url)
      let name = url.lastPathComponent
      #expect(FormatCatalog.reader(forFileName: name, data: data)?.descriptor.id == "bdalab-svc")
      guard let r = decodeOrFail(format, data, file: name) else { continue }
      let d = r.drawings[0]
      #expect(invariantViolations(d).isEmpty)
      let rows = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).count - 1
      #expect(d.sampleCount + d.hover.reduce(0) { $0 + $1.samples.count } == rows)
      if name == "signal.svc" {
        #expect(rows == 1378)
        #expect(r.warnings.isEmpty)
        #expect(d.strokes.count == 5 && d.sampleCount == 819)
        #expect(d.hover.count == 4 && d.hover.reduce(0) { $0 + $1.samples.count } == 559)
        #expect(d.metadata.nativeUnits.hasPrefix("mm"))
        let all = d.strokes.flatMap(\.samples) + d.hover.flatMap(\.samples)
        let xs = all.map { $0.x / mmToPx }
        let ys = all.map { $0.y / mmToPx }
        #expect(xs.min()! >= 52.7 && xs.max()! <= 93.14)
        #expect(ys.max()! - ys.min()! <= 86.33 - 54.03 + 1e-9)
        #expect(all.map { $0.time! }.max()! <= 11.731 + 1e-9)
        #expect(all.map { $0.pressure! }.max()! <= 0.93)
        #expect(abs(d.metadata.sampleRate! - 1 / 0.0075) < 20)
      }
      checkMutations(format, data, file: name, count: 60)
    }
  }
}
