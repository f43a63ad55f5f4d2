import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchTestSupport
import Testing

@Suite("corpus loader")
struct CorpusLoaderTests {
  func tempFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-loader-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("the bundled corpus reads completely, in sorted order, with nothing skipped")
  func bundled() throws {
    let root = packageRootURL().appendingPathComponent("Corpus")
    let r = try CorpusLoader().load(root)
    #expect(r.rejected.isEmpty, "\(r.rejected)")
    #expect(r.skipped.isEmpty, "\(r.skipped)")
    #expect(r.drawings.count >= 9)
    #expect(r.drawings.map(\.name) == r.drawings.map(\.name).sorted())
    let tap = try #require(r.drawings.first { $0.name.hasSuffix("tap.sigbench.json") })
    #expect(tap.sampleCount == 1)
    let sig = try #require(r.drawings.first { $0.name.hasSuffix("signature-120hz.sigbench.json") })
    #expect(sig.strokes.count == 4)
    #expect(sig.strokes.allSatisfy { $0.hasPressure })
    #expect(sig.groundTruth?.strokes.count == 4)
  }

  @Test("bad files are reported and the rest are still read")
  func badFilesDoNotStopTheRun() throws {
    let dir = try tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = Drawing(name: "g", strokes: [Stroke(samples: [Sample(x: 1, y: 2, time: 0)])])
    try NativeFormat().encode(good).write(to: dir.appendingPathComponent("a-good.sigbench.json"))
    try Data("{\"format\": \"sigbench-ink\", \"version\": 1,".utf8).write(
      to: dir.appendingPathComponent("b-truncated.sigbench.json"))
    try Data("hello".utf8).write(to: dir.appendingPathComponent("c-notes.xyz"))
    try Data("# readme".utf8).write(to: dir.appendingPathComponent("README.md"))
    let r = try CorpusLoader().load(dir)
    #expect(r.drawings.count == 1)
    #expect(r.rejected.count == 1)
    #expect(r.rejected.first?.file == "b-truncated.sigbench.json")
    #expect(r.skipped.map(\.file) == ["c-notes.xyz"])
  }

  @Test("the output folder inside a corpus is never read, nor a link to it (#43, item 10)")
  func outputFolderLeftOut() throws {
    let dir = try tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fm = FileManager.default
    let good = Drawing(name: "g", strokes: [Stroke(samples: [Sample(x: 1, y: 2, time: 0)])])
    try NativeFormat().encode(good).write(to: dir.appendingPathComponent("a.sigbench.json"))
    let out = dir.appendingPathComponent("Reports")
    try fm.createDirectory(
      at: out.appendingPathComponent("runs/x"), withIntermediateDirectories: true)
    try Data("{\"not\": \"ink\"}".utf8).write(
      to: out.appendingPathComponent("runs/x/result.sigbench.json"))
    try fm.createSymbolicLink(at: dir.appendingPathComponent("latest"), withDestinationURL: out)
    var loader = CorpusLoader()
    loader.excludedFolders = [out]
    let r = try loader.load(dir)
    #expect(r.drawings.count == 1 && r.rejected.isEmpty, "\(r.rejected)")
    #expect(r.skipped.map(\.file) == ["Reports", "latest"], "\(r.skipped)")
    #expect(r.skipped.allSatisfy { $0.isOutputFolder })
    // Without the exclusion the output is read (and here rejected).
    #expect(try CorpusLoader().load(dir).rejected.count == 1)
  }

  @Test("a file that only shares an extension is skipped; one that starts as the format is not")
  func noSignOfTheFormat() throws {
    let dir = try tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let files = [
      "notes.txt": "Recorded on 2026-12-01 with a Wacom Intuos.\n",
      "package.json": "{\"name\": \"x\"}",
      "broken.txt": "3\n1 2 10 1\n2 3 oops 1\n",
      "good.txt": "2\n1 2 10 1\n2 3 20 1\n",
    ]
    for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
    let r = try CorpusLoader().load(dir)
    #expect(r.drawings.count == 1)
    #expect(r.skipped.map(\.file) == ["notes.txt", "package.json"], "\(r.skipped)")
    #expect(r.skipped.allSatisfy { $0.reason.contains("shows no sign of") }, "\(r.skipped)")
    #expect(r.rejected.map(\.file) == ["broken.txt"], "\(r.rejected)")
  }

  @Test("native format: a round trip is lossless for every channel, metadata and ground truth")
  func nativeRoundTrip() throws {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for _ in 0..<50 {
      var strokes: [Stroke] = []
      for _ in 0..<rng.int(in: 1...4) {
        let samples = (0..<rng.int(in: 1...30)).map { i in
          Sample(
            x: rng.double(in: -1e4...1e4), y: rng.double(in: -1e4...1e4), time: Double(i) * 0.0083,
            pressure: rng.double(in: 0...1), tilt: rng.double(in: 0...1.5),
            azimuth: rng.double(in: 0...6.28))
        }
        strokes.append(Stroke(samples: samples, attributes: ["pen\"Color": "#00\u{1}0"]))
      }
      let d = Drawing(
        name: "x.sigbench.json", strokes: strokes, hover: [Stroke(samples: [Sample(x: 1, y: 1)])],
        metadata: DrawingMetadata(
          source: "s \"q\"", device: "d", sampleRate: 133.5, nativeUnits: "mm", nominalScale: true,
          licence: "CC0", attribution: "a\nb", notes: ["n1", "ünï"]),
        groundTruth: GroundTruth(strokes: [[Point(x: 0.1, y: 0.2)]]))
      let data = try NativeFormat().encode(d)
      let back = try NativeFormat().decode(data, file: "x.sigbench.json", options: DecodeOptions())
      #expect(back.drawings == [d], "seed \(seed)")
      #expect(try NativeFormat().encode(back.drawings[0]) == data, "seed \(seed)")
    }
  }

  @Test("native format errors name the file, the path, the rule and the value")
  func nativeErrors() {
    let cases: [(String, String)] = [
      (#"{"format": "sigbench-ink", "version": 2}"#, "version"),
      (
        #"{"format": "sigbench-ink", "version": 1, "units": {"position": "css-px", "time": "s"}, "channels": ["x", "y"], "strokes": [{"samples": [[1, "a"]]}]}"#,
        "$.strokes[0].samples[0][1]"
      ),
      (
        #"{"format": "sigbench-ink", "version": 1, "units": {"position": "mm", "time": "s"}, "channels": ["x", "y"], "strokes": []}"#,
        "$.units.position"
      ),
      (
        #"{"format": "sigbench-ink", "version": 1, "units": {"position": "css-px", "time": "s"}, "channels": ["y", "x"], "strokes": []}"#,
        "$.channels"
      ),
    ]
    for (text, fragment) in cases {
      do {
        _ = try NativeFormat().decode(
          Data(text.utf8), file: "f.sigbench.json", options: DecodeOptions())
        Issue.record("accepted: \(text)")
      } catch {
        #expect(error.description.hasPrefix("f.sigbench.json: "), "\(error)")
        #expect(error.description.contains(fragment), "\(error)")
        #expect(error.description.contains("got"), "\(error)")
      }
    }
  }

  @Test("native format: mutated bytes give an error or valid strokes, never a crash")
  func nativeMutations() throws {
    let root = packageRootURL().appendingPathComponent("Corpus/fixtures")
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for name in ["tap", "sharp-corner", "uneven-spacing", "signature-120hz"] {
      let data = try Data(contentsOf: root.appendingPathComponent("\(name).sigbench.json"))
      for m in ByteMutation.generate(data, count: 40, rng: &rng) {
        do {
          let r = try NativeFormat().decode(m.data, file: name, options: DecodeOptions())
          for d in r.drawings {
            #expect(
              d.strokes.allSatisfy { $0.samples.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
          }
        } catch {
          #expect(error.description.hasPrefix(name + ": "), "seed \(seed) \(m)")
        }
      }
    }
  }
}
