import Foundation
import SigbenchRun
import SigbenchTestSupport
import Testing

/// `synth` and `resample` run as a user would, through the built binary (see `EndToEndTests`).
@Suite("synth and resample commands", .serialized)
struct SynthCommandTests {
  static let fixture = packageRootURL().appendingPathComponent(
    "Corpus/fixtures/signature-120hz.sigbench.json"
  ).path

  static func files(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.hasSuffix(".sigbench.json")
    }.sorted()
  }

  @Test("synth writes every motion at every rate; --check passes, then names a changed file")
  func writeAndCheck() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let small = ["--signatures", "2", "--lines", "1"]
    let w = try EndToEndTests.run(["synth", dir.path] + small)
    #expect(w.code == 0, "\(w.stderr)")
    let names = try Self.files(dir)
    #expect(names.count == 9)
    #expect(names.contains("signature-02-240hz.sigbench.json"))
    #expect(names.contains("line-01-60hz.sigbench.json"))
    #expect(w.stdout.split(separator: "\n").count == 9)
    let ok = try EndToEndTests.run(["synth", dir.path, "--check"] + small)
    #expect(ok.code == 0, "\(ok.stderr)")
    // The same settings twice give the same bytes; another seed differs everywhere.
    let other = try EndToEndTests.run(["synth", dir.path, "--check", "--seed", "13"] + small)
    #expect(other.code == 1)
    let changed = dir.appendingPathComponent("line-01-120hz.sigbench.json")
    var text = try String(contentsOf: changed, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"sampleRate\": 120", with: "\"sampleRate\": 121")
    try text.write(to: changed, atomically: true, encoding: .utf8)
    try "{}".write(
      to: dir.appendingPathComponent("stray.sigbench.json"), atomically: true, encoding: .utf8)
    let bad = try EndToEndTests.run(["synth", dir.path, "--check"] + small)
    #expect(bad.code == 1)
    #expect(bad.stderr.contains("line-01-120hz.sigbench.json"))
    #expect(bad.stderr.contains("stray.sigbench.json (not part of the set)"))
    #expect(!bad.stderr.contains("line-01-60hz"))
  }

  @Test("resample to 60 Hz halves a 120 Hz recording and marks it")
  func resample() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("sig-60.sigbench.json")
    let r = try EndToEndTests.run(["resample", Self.fixture, "--rate", "60", "-o", out.path])
    #expect(r.code == 0, "\(r.stderr)")
    let before = try CorpusInput.load(Self.fixture, policy: .everyFile).drawings[0]
    let after = try CorpusInput.load(out.path, policy: .everyFile).drawings[0]
    let ratio = Double(after.sampleCount) / Double(before.sampleCount)
    #expect(abs(ratio - 0.5) < 0.02, "\(before.sampleCount) → \(after.sampleCount)")
    #expect(after.metadata.sampleRate == 60)
    #expect(after.metadata.notes.last == "resampled from=120 to=60")
    #expect(after.groundTruth == before.groundTruth)
    for (a, b) in zip(before.strokes, after.strokes) {
      #expect(a.samples.first == b.samples.first && a.samples.last == b.samples.last)
    }
  }

  @Test("resample of an untimed recording fails naming the reason, exit 1")
  func untimed() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("untimed.sigbench.json")
    try """
    {"format": "sigbench-ink", "version": 1, "channels": ["x", "y"],
     "strokes": [{"samples": [[0, 0], [10, 5], [20, 0]]}], "hover": []}
    """.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("out.sigbench.json")
    let r = try EndToEndTests.run(["resample", file.path, "--rate", "60", "-o", out.path])
    #expect(r.code == 1)
    #expect(r.stderr.contains("untimed"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test("bad options exit 64 before anything is written")
  func badOptions() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("o.sigbench.json").path
    let cases: [[String]] = [
      ["synth", dir.path, "--rates", "60,abc"],
      ["synth", dir.path, "--rates", "60,60"],
      ["synth", dir.path, "--rates", "5"],
      ["synth", dir.path, "--noise", "-1"],
      ["synth", dir.path, "--grid", "banana"],
      ["synth", dir.path, "--drop", "0.9"],
      ["synth", dir.path, "--jitter", "0.01"],
      ["synth", dir.path, "--signatures", "0", "--lines", "0"],
      ["synth", dir.path, "--signatures", "1000"],
      ["synth", dir.path, "--seed", "-3"],
      ["resample", Self.fixture, "-o", out],
      ["resample", Self.fixture, "--rate", "0", "-o", out],
      ["resample", Self.fixture, "--rate", "60"],
      ["resample", Self.fixture, "--rate", "60", "-o", dir.appendingPathComponent("o.png").path],
    ]
    for args in cases {
      let r = try EndToEndTests.run(args)
      #expect(r.code == 64, "\(args): \(r.stderr)")
      #expect(r.stderr.contains("Error:") && r.stderr.contains("Usage: sigbench"), "\(args)")
    }
    #expect(try Self.files(dir).isEmpty)
  }
}
