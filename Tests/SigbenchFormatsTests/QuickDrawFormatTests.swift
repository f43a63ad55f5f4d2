import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// Quick, Draw! ndjson reader.
struct QuickDrawFormatTests {
  let format = QuickDrawFormat()

  /// `raw-two-drawings`: times from the drawing's start that keep rising across strokes, a
  /// first t of 1, fractional and negative coordinates, a tap, a blank line, CRLF, an escape.
  let raw =
    #"{"word":"air\"plane","countrycode":"US","timestamp":"2017-03-08 21:12:07.26604 UTC","recognized":true,"key_id":"5152802093400064","drawing":[[[10.5,20,30],[-3.25,4,5],[1,17,33]],[[40],[50],[200]]]}"#
    + "\r\n\n"
    + #"{"word":"airplane","recognized":false,"drawing":[[[1,2],[3,4],[0,16]]]}"# + "\n"

  /// `simplified-one`: integers 0–255, no time.
  let simplified =
    #"{"word":"airplane","key_id":"42","drawing":[[[0,255,128],[0,10,255]],[[5],[6]]]}"#

  @Test func readsRawDrawingsWithDrawingRelativeTime() throws {
    let r = try format.decode(Data(raw.utf8), file: "raw-two-drawings", options: .init())
    #expect(r.drawings.count == 2)
    let d = r.drawings[0]
    #expect(d.name == "raw-two-drawings#5152802093400064")
    #expect(r.drawings[1].name == "raw-two-drawings#2")
    #expect(d.strokes.map(\.samples.count) == [3, 1])
    #expect(d.strokes[0].samples[0] == Sample(x: 10.5, y: -3.25, time: 0.001))
    #expect(d.strokes[1].samples[0].time == 0.2)  // not re-based per stroke
    #expect(d.isTimed)
    #expect(
      d.metadata.notes.contains { $0.contains("word=air\"plane") && $0.contains("recognized=true") }
    )
    #expect(d.metadata.licence == "CC-BY-4.0")
    #expect(abs(d.metadata.sampleRate! - 1 / 0.016) < 1e-9)
  }

  @Test func marksSimplifiedDrawingsUntimedWithTheNominalRate() throws {
    let d = try format.decode(Data(simplified.utf8), file: "simplified-one", options: .init())
      .drawings[0]
    #expect(!d.isTimed)
    #expect(d.strokes.flatMap(\.samples).allSatisfy { $0.time == nil })
    #expect(d.metadata.sampleRate == QuickDrawFormat.nominalUntimedRate)
    #expect(d.metadata.notes.contains { $0.contains("untimed") && $0.contains("60 Hz") })
    #expect(d.strokes[0].samples[2] == Sample(x: 128, y: 255))
  }

  @Test func errorsNameTheLineColumnAndRule() {
    let bad = "{\"drawing\":[]}\n{\"drawing\":[[[1,2],[3]]]}\n"
    let e = decodeError(format, bad, file: "q.ndjson")
    #expect(e?.file == "q.ndjson")
    #expect(e?.location == .line(2))
    #expect(e?.field == "drawing[0]")
    #expect(e?.rule.contains("as many values") == true)
    let syntax = decodeError(format, "{\"drawing\":[[[1,2],[3,x]]]}")
    #expect(syntax?.location == .line(1, column: 23))
    let mixed = decodeError(format, "{\"drawing\":[[[1],[2],[3]],[[1],[2]]]}")
    #expect(mixed?.rule.contains("times like") == true)
    let deep = decodeError(format, String(repeating: "[", count: 100_000))
    #expect(deep?.rule.contains("nest at most") == true)
    let string = decodeError(format, "{\"drawing\":[[[\"1\"],[2]]]}")
    #expect(string?.field == "drawing[0].x[0]")
  }

  @Test func sniffsByContent() {
    #expect(format.sniff(Data(raw.utf8)))
    #expect(!format.sniff(Data("[1,2]".utf8)))
    #expect(
      FormatCatalog.reader(forFileName: "a.ndjson", data: Data(raw.utf8))?.descriptor.id
        == "quickdraw")
  }

  @Test func mutationsNeverTrap() {
    checkMutations(format, Data(raw.utf8), file: "raw-two-drawings", count: 300)
    checkMutations(format, Data(simplified.utf8), file: "simplified-one", count: 200)
  }

  /// Per SOURCE.md: 50 drawings per file; strokes 235 / 432 / 235 and points 11 334 / 11 012 /
  /// 1 943; x and y ranges as listed; raw t 0–18 930 ms (airplane) and 0–18 277 ms (alarm
  /// clock); simplified untimed and inside 0–255. Point counts are also recounted from the
  /// file with Foundation's JSON parser.
  @Test(.enabled(if: corpusFolder("quickdraw") != nil)) func readsEveryCorpusFile() throws {
    let expected:
      [String: (
        strokes: Int, points: Int, x: ClosedRange<Double>, y: ClosedRange<Double>, tMax: Double?
      )] = [
        "raw_airplane.ndjson": (235, 11334, 8.659...1776, -37...869, 18.930),
        "raw_alarm_clock.ndjson": (432, 11012, 33.926...2128, -16...1313, 18.277),
        "simplified_airplane.ndjson": (235, 1943, 0...255, 0...255, nil),
      ]
    let files = corpusFiles("quickdraw", suffix: ".ndjson")
    #expect(files.count == 3)
    var keys: [String: [String]] = [:]
    for url in files {
      let name = url.lastPathComponent
      let data = try Data(contentsOf: url)
      guard let r = decodeOrFail(format, data, file: name), let e = expected[name] else {
        continue
      }
      #expect(r.drawings.count == 50, "\(name)")
      #expect(r.drawings.reduce(0) { $0 + $1.strokes.count } == e.strokes, "\(name)")
      #expect(r.drawings.reduce(0) { $0 + $1.sampleCount } == e.points, "\(name)")
      var recount = 0
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        for stroke in o?["drawing"] as? [[[Double]]] ?? [] { recount += stroke[0].count }
      }
      #expect(recount == e.points, "\(name)")
      let all = r.drawings.flatMap { $0.strokes.flatMap(\.samples) }
      // SOURCE.md rounds the bounds to 3 decimals (8.659 is 8.659000396… in the file).
      #expect(all.map(\.x).min()! >= e.x.lowerBound - 1e-3, "\(name)")
      #expect(all.map(\.x).max()! <= e.x.upperBound + 1e-3, "\(name)")
      #expect(all.map(\.y).min()! >= e.y.lowerBound - 1e-3, "\(name)")
      #expect(all.map(\.y).max()! <= e.y.upperBound + 1e-3, "\(name)")
      if let tMax = e.tMax {
        #expect(r.drawings.allSatisfy { $0.isTimed })
        #expect(all.map { $0.time! }.max()! <= tMax + 1e-9)
        #expect(all.map { $0.time! }.min()! >= 0)
        #expect(r.drawings.allSatisfy { $0.strokes.allSatisfy { $0.samples.count >= 1 } })
      } else {
        #expect(r.drawings.allSatisfy { !$0.isTimed })
      }
      for d in r.drawings { #expect(invariantViolations(d).isEmpty, "\(d.name)") }
      keys[name] = r.drawings.map(\.name).map { String($0.split(separator: "#").last!) }
      checkMutations(format, data, file: name, count: 15)
    }
    // The simplified file holds the same 50 airplanes as the raw one.
    #expect(keys["raw_airplane.ndjson"] == keys["simplified_airplane.ndjson"])
  }
}
