import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// SVC2004 `.TXT` reader.
struct SVC2004FormatTests {
  let format = SVC2004Format()
  let scale = 96.0 / 2540

  /// `task2-quirks`: CRLF, a ButtonStatus-0 stroke start, a 30 ms gap without a 0 row,
  /// barrel-button values 2 and 5, a repeated and a backward timestamp.
  let quirks =
    "9\r\n"
    + "100 900 5000 0 0 900 0\r\n"
    + "110 890 5010 1 900 450 1023\r\n"
    + "120 880 5010 2 1800 280 512\r\n"  // repeated time, button 2
    + "130 870 5002 5 2700 900 100\r\n"  // backward time (−8 ms), button 5
    + "140 860 5020 1 0 900 100\r\n"  // +18 ms: no gap
    + "200 800 5100 0 0 900 100\r\n"  // new stroke: status 0 after a 70 ms gap
    + "210 790 5110 1 0 900 100\r\n"
    + "300 700 5140 1 0 900 100\r\n"  // new stroke: 30 ms gap, status 1
    + "310 690 5150 1 0 900 100\r\n"

  @Test func splitsAtStatusZeroAndGaps() throws {
    let r = try format.decode(Data(quirks.utf8), file: "task2-quirks", options: .init())
    let d = try #require(r.drawings.first)
    #expect(d.strokes.map(\.samples.count) == [5, 2, 2])
    #expect(d.hover.isEmpty)
    #expect(d.metadata.nominalScale)
    #expect(d.metadata.notes.contains { $0.contains("2540") })
    #expect(invariantViolations(d).isEmpty)
  }

  @Test func convertsUnitsAndFlipsY() throws {
    let d = try #require(
      try format.decode(Data(quirks.utf8), file: "task2-quirks", options: .init()).drawings.first)
    let first = d.strokes[0].samples[0]
    #expect(abs(first.x - 100 * scale) < 1e-12)
    #expect(abs(first.y - 0) < 1e-12)  // the largest Y (900) maps to 0
    let second = d.strokes[0].samples[1]
    #expect(abs(second.y - 10 * scale) < 1e-12)  // y up in the file → down on screen
    #expect(second.time == 0.010)
    #expect(second.pressure == 1)
    #expect(abs(second.tilt! - 45 * Double.pi / 180) < 1e-12)  // altitude 45° → tilt 45°
    #expect(abs(second.azimuth! - 0) < 1e-12)  // 90° clockwise from top = +x
    #expect(abs(first.azimuth! - 1.5 * Double.pi) < 1e-12)  // 0 = top of tablet = −y
    #expect(first.tilt == 0)
    let third = d.strokes[0].samples[2]
    #expect(abs(third.tilt! - 62 * Double.pi / 180) < 1e-12)
    #expect(abs(third.pressure! - 512.0 / 1023) < 1e-12)
    #expect(d.strokes[2].samples[0].time == 0.140)
  }

  @Test func repairsRepeatedAndBackwardTimesWithAWarning() throws {
    let r = try format.decode(Data(quirks.utf8), file: "task2-quirks", options: .init())
    let times = r.drawings[0].strokes[0].samples.map { $0.time! }
    #expect(times[2] == 0.010 + SampleRules.repairStep)
    #expect(abs(times[3] - (0.010 + 2 * SampleRules.repairStep)) < 1e-15)
    #expect(times[4] == 0.020)
    #expect(r.warnings.contains { $0.message.contains("2 repeated or backward") })
  }

  @Test func readsTask1FilesAndWarnsOnACountMismatch() throws {
    let text = "3\n1 2 10 0\n2 3 20 1\n"
    let r = try format.decode(Data(text.utf8), file: "task1", options: .init())
    let d = r.drawings[0]
    #expect(d.sampleCount == 2)
    #expect(d.strokes[0].samples[0].pressure == nil)
    #expect(d.metadata.source == "SVC2004 Task 1")
    #expect(r.warnings.contains { $0.message.contains("header says 3") })
  }

  @Test func errorsNameLineColumnFieldAndValue() {
    let e = decodeError(format, "2\n1 2 10 0 1 2 3\n1 2 2x 1 1 2 3\n", file: "bad")
    #expect(e?.file == "bad")
    #expect(e?.location == .line(3, column: 5))
    #expect(e?.field == "TimeStamp")
    #expect(e?.value == "2x")
    let columns = decodeError(format, "2\n1 2 10 0 1 2 3\n1 2 20 1 1 2\n")
    #expect(columns?.location == .line(3))
    #expect(columns?.rule.contains("7 columns") == true)
    let five = decodeError(format, "1\n1 2 10 0 1\n")
    #expect(five?.rule.contains("4 (Task 1) or 7 (Task 2)") == true)
    let header = decodeError(format, "x\n1 2 10 0\n")
    #expect(header?.field == "count")
    let huge = decodeError(format, "1\n1e400 2 10 0\n")
    #expect(huge?.kind == .invalidValue)
    #expect(huge?.field == "x")
  }

  @Test func honoursTheStrokeLimit() {
    var options = DecodeOptions()
    options.maxStrokesPerFile = 2
    let e = decodeError(format, quirks, options: options)
    #expect(e?.kind == .limitExceeded)
  }

  @Test func sniffTellsTheDialectsApart() {
    #expect(format.sniff(Data(quirks.utf8)))
    #expect(!format.sniff(Data("3\n1 2 0.5 0 1 2 3\n1 2 1 0 1 2 3\n1 2 2 1 1 2 3\n".utf8)))
    #expect(!BDALabFormat().sniff(Data(quirks.utf8)))
    let reader = FormatCatalog.reader(forFileName: "U1S1.TXT", data: Data(quirks.utf8))
    #expect(reader?.descriptor.id == "svc2004")
    let asSvc = FormatCatalog.reader(forFileName: "copy.svc", data: Data(quirks.utf8))
    #expect(asSvc?.descriptor.id == "svc2004")
  }

  @Test func mutationsNeverTrap() {
    checkMutations(format, Data(quirks.utf8), file: "task2-quirks", count: 300)
  }

  /// Every SVC2004 file in the corpus: the sample count equals the header and the rows, the
  /// strokes match an independent count of "ButtonStatus 0 or Δt > 20 ms", and every value
  /// lies inside the ranges SOURCE.md states for this subset.
  @Test(.enabled(if: corpusFolder("svc2004") != nil)) func readsEveryCorpusFile() throws {
    let files = corpusFiles("svc2004", suffix: ".txt")
    #expect(files.count == 80)
    var seen = 0
    for url in files {
      let data = try Data(contentsOf: url)
      let name = url.lastPathComponent
      guard let r = decodeOrFail(format, data, file: name) else { continue }
      let d = r.drawings[0]
      let rows = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
      let header = Int(rows[0].trimmingCharacters(in: .whitespaces))
      let cells = rows.dropFirst().map { $0.split(separator: " ").compactMap { Int($0) } }
      #expect(d.sampleCount == cells.count, "\(name)")
      #expect(header == cells.count, "\(name)")
      var strokes = 0
      for (i, c) in cells.enumerated() where i == 0 || c[3] == 0 || c[2] - cells[i - 1][2] > 20 {
        strokes += 1
      }
      #expect(d.strokes.count == strokes, "\(name)")
      #expect(invariantViolations(d).isEmpty, "\(name)")
      for s in d.strokes.flatMap(\.samples) {
        #expect(s.x >= 1441 * scale - 1e-9 && s.x <= 10865 * scale + 1e-9, "\(name)")
        #expect(s.y >= 0 && s.y <= (8190 - 509) * scale + 1e-9, "\(name)")
        #expect(s.time! >= 0 && s.time! <= (72_867_967 - 320_140) / 1000.0, "\(name)")
        #expect(s.pressure! >= 0 && s.pressure! <= 1, "\(name)")
        #expect(s.tilt! >= 0 && s.tilt! <= (900 - 280) / 10 * Double.pi / 180 + 1e-12, "\(name)")
      }
      #expect(d.metadata.sampleRate.map { abs($0 - 100) < 1 } == true, "\(name)")
      seen += 1
    }
    #expect(seen == files.count)
  }

  @Test(.enabled(if: corpusFolder("svc2004") != nil)) func corpusMutationsNeverTrap() throws {
    for url in corpusFiles("svc2004", suffix: ".txt").prefix(10) {
      checkMutations(format, try Data(contentsOf: url), file: url.lastPathComponent, count: 40)
    }
  }
}
