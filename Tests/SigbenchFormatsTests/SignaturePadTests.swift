import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

enum SignaturePadFixtures {
  /// v4/v5 `toData()`: point groups with pen options, epoch-ms times, pressure (values ours).
  static let v4 = """
    [
      {"penColor": "rgb(10, 20, 30)", "dotSize": 0, "minWidth": 0.75, "maxWidth": 3,
       "velocityFilterWeight": 0.6, "compositeOperation": "source-over",
       "points": [
         {"time": 1712000000500, "x": 12.5, "y": 40, "pressure": 0.25},
         {"time": 1712000000517, "x": 19, "y": 37.25, "pressure": 0.5},
         {"time": 1712000000534, "x": 26.75, "y": 33, "pressure": 0.75}
       ]},
      {"penColor": "red", "dotSize": 2.5, "minWidth": 0.5, "maxWidth": 2.5,
       "velocityFilterWeight": 0.7, "compositeOperation": "destination-out",
       "points": [{"time": 1712000001200, "x": 90, "y": 15, "pressure": 0.5}]}
    ]
    """

  /// v3: groups `{color, points}` without pressure.
  static let v3 = """
    [{"color": "blue", "points": [{"x": 1, "y": 2, "time": 100}, {"x": 3, "y": 4, "time": 116}]}]
    """

  /// v1/v2: arrays of points, each with a colour; pressure 0 everywhere (unknown).
  static let v2 = """
    [[{"x": 5, "y": 6, "time": 1000, "color": "black", "pressure": 0},
      {"x": 7, "y": 8, "time": 1016, "color": "black", "pressure": 0}],
     [{"x": 9, "y": 10, "time": 1100, "color": "black", "pressure": 0}]]
    """

  static let all: [(String, String)] = [("v4", v4), ("v3", v3), ("v2", v2)]
}

@Suite("signature_pad toData() JSON")
struct SignaturePadTests {
  func decode(_ text: String) throws -> (Drawing, [FormatWarning]) {
    let r = try SignaturePadFormat().decode(
      Data(text.utf8), file: "pad.json", options: DecodeOptions())
    return (r.drawings[0], r.warnings)
  }

  @Test("v4: pen options into attributes, epoch ms to seconds from the first point")
  func v4() throws {
    let (d, _) = try decode(SignaturePadFixtures.v4)
    #expect(d.strokes.map(\.samples.count) == [3, 1])
    let a = d.strokes[0]
    #expect(
      a.attributes == [
        "penColor": "rgb(10, 20, 30)", "dotSize": "0", "minWidth": "0.75", "maxWidth": "3",
        "velocityFilterWeight": "0.6", "compositeOperation": "source-over",
      ])
    #expect(a.samples.map { $0.time! } == [0, 0.017, 0.034])
    #expect(a.samples.map(\.x) == [12.5, 19, 26.75])
    #expect(a.samples.map(\.pressure) == [0.25, 0.5, 0.75])
    #expect(near(d.strokes[1].samples[0].time, 0.7))
    #expect(d.strokes[1].attributes["dotSize"] == "2.5")
    #expect(d.metadata.nativeUnits == "css-px" && !d.metadata.nominalScale)
  }

  @Test("v3 groups and v1/v2 point arrays; all-zero pressure reads as none")
  func olderShapes() throws {
    let (d3, _) = try decode(SignaturePadFixtures.v3)
    #expect(d3.strokes[0].attributes == ["color": "blue"])
    #expect(d3.strokes[0].samples.map { $0.time! } == [0, 0.016])
    let (d2, _) = try decode(SignaturePadFixtures.v2)
    #expect(d2.strokes.map(\.samples.count) == [2, 1])
    #expect(d2.strokes[0].attributes == ["color": "black"])
    #expect(d2.strokes.allSatisfy { !$0.hasPressure })
    #expect(d2.metadata.notes.contains { $0.contains("every pressure is 0") })
  }

  @Test("sniff tells signature_pad arrays from native and other JSON")
  func sniff() throws {
    let f = SignaturePadFormat()
    #expect(f.sniff(Data(SignaturePadFixtures.v4.utf8)))
    #expect(f.sniff(Data("\u{FEFF} \n[]".utf8)))
    let native = try NativeFormat().encode(Drawing(name: "n", strokes: []))
    #expect(!f.sniff(native))
    #expect(!f.sniff(Data("{\"key_id\": \"1\"}".utf8)))
    #expect(
      FormatCatalog.reader(forFileName: "x.json", data: Data("[]".utf8))?.descriptor.id
        == "signature-pad")
    #expect(
      FormatCatalog.reader(forFileName: "x.sigbench.json", data: native)?.descriptor.id == "native")
  }

  @Test(
    "bad files are errors naming file, JSON path, rule and value",
    arguments: [
      ("{\"points\": []}", "$", "array"),
      ("[{\"points\": [{\"y\": 1}]}]", "$[0].points[0].x", "number"),
      ("[{\"points\": [{\"x\": \"1\", \"y\": 1}]}]", "$[0].points[0].x", "number"),
      ("[{\"points\": 3}]", "$[0].points", "array"), ("[7]", "$[0]", "point group"),
      ("[{\"points\": [{\"x\": 1e308, \"y\": 1}]}]", "$[0].points[0]", "px"),
      ("[", "line 1, column 2", "JSON must continue with a value"),
    ])
  func errors(text: String, path: String, detail: String) {
    do {
      _ = try decode(text)
      Issue.record("no error for \(text)")
    } catch let e as FormatError {
      #expect(e.description.hasPrefix("pad.json: \(path)"), "\(e)")
      #expect(e.description.contains(detail), "\(e)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("decode(encode(x)) is x within half a quantum; a second round trip is exact")
  func roundTrip() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    let f = SignaturePadFormat()
    for _ in 0..<60 {
      let x = randomDrawing(&rng, hover: false, angles: false)
      let text1 = try f.encode(x)
      let d1 = try f.decode(text1, file: "r.json", options: DecodeOptions()).drawings[0]
      expectClose(
        x.strokes, d1.strokes, position: SignaturePadFormat.positionQuantum / 2 + 1e-9,
        time: SignaturePadFormat.timeQuantumMilliseconds / 2000 + 1e-12,
        pressure: SignaturePadFormat.pressureQuantum / 2 + 1e-12, angle: 0, seed: seed)
      let text2 = try f.encode(d1)
      let d2 = try f.decode(text2, file: "r.json", options: DecodeOptions()).drawings[0]
      #expect(d2 == d1, "seed \(seed)")
      #expect(text2 == text1, "seed \(seed)")
    }
  }

  @Test("the writer emits toData() groups that the fixtures' shape reads back")
  func writerShape() throws {
    let (d, _) = try decode(SignaturePadFixtures.v4)
    let text = String(decoding: try SignaturePadFormat().encode(d), as: UTF8.self)
    #expect(text.contains("\"minWidth\": 0.75"))
    #expect(text.contains("\"penColor\": \"rgb(10, 20, 30)\""))
    #expect(text.contains("{\"x\": 12.5, \"y\": 40, \"pressure\": 0.25, \"time\": 0}"))
    let again = try SignaturePadFormat().decode(Data(text.utf8), file: "w", options: .init())
    #expect(again.drawings[0].strokes == d.strokes)
  }
}

@Suite("signature_pad decoding of mutated bytes never traps")
struct SignaturePadMutationTests {
  /// JSON errors name a key path; Foundation's syntax errors are file-wide but carry the
  /// parser's own position text.
  static func positioned(_ e: FormatError) -> Bool {
    switch e.location {
    case .path: return true
    // Invalid JSON names its line and column (the byte-level scanner).
    case .line(_, column: .some): return e.field == "JSON"
    case .file: return e.kind == .limitExceeded
    default: return false
    }
  }

  @Test("every fixture, 300 seeded mutations each", arguments: SignaturePadFixtures.all.map(\.0))
  func fixtures(name: String) {
    let text = SignaturePadFixtures.all.first { $0.0 == name }!.1
    checkMutations(
      SignaturePadFormat(), name: name + ".json", original: Data(text.utf8), count: 300,
      seed: propertySeed(), positioned: Self.positioned)
  }
}
