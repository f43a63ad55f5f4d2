import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Every option is checked before any work: a bad value exits at once with its code and leaves
/// nothing behind (no run folder, no `.partial`, no gate).
@Suite("options are validated before any work", .serialized)
struct OptionValidationTests {
  static let corpus = packageRootURL().appendingPathComponent("Corpus/fixtures").path

  /// Runs `args` with `--out` in a fresh folder; returns the outcome, the seconds it took and
  /// whether anything was written under the folder.
  static func attempt(_ args: [String]) throws -> (EndToEndTests.Outcome, Double, [String]) {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let started = Date()
    let r = try EndToEndTests.run(args + ["--out", out.path])
    let seconds = Date().timeIntervalSince(started)
    let written = FileManager.default.subpaths(atPath: out.path) ?? []
    return (r, seconds, written)
  }

  @Test(
    "bad numbers are usage errors (64) naming the option",
    arguments: ["banana", "0", "-1", "99999999999999999999"])
  func repetitions(_ value: String) throws {
    let (r, seconds, written) = try Self.attempt([
      "run", "--corpus", Self.corpus, "--repetitions", value,
    ])
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains("--repetitions") && r.stderr.contains("Usage:"))
    #expect(written.isEmpty, "\(written)")
    #expect(seconds < 5, "took \(seconds) s")
  }

  @Test("a canvas past the sub-sample budget is a usage error naming what fits (#43, item 7)")
  func canvasBudget() throws {
    let fixture = packageRootURL().appendingPathComponent("Corpus/fixtures/tap.sigbench.json").path
    for (extra, fits) in [
      (["--supersample", "4"], "4096x4096"), (["--device-scale", "2"], "4096x4096"),
    ] {
      let dir = try EndToEndTests.tempFolder()
      defer { try? FileManager.default.removeItem(at: dir) }
      let png = dir.appendingPathComponent("x.png").path
      let r = try EndToEndTests.run(
        ["render", fixture, "--strategy", "straight", "-o", png, "--size", "8192x8192"] + extra)
      #expect(r.code == 64, "\(r.stderr)")
      #expect(r.stderr.contains("canvas sub-samples") && r.stderr.contains(fits), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: png))
    }
  }

  @Test("a canvas sized by the ink or a background is held to the same pixel budget (#43)")
  func inkSizedCanvasBudget() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let wide = dir.appendingPathComponent("wide.sigbench.json")
    try Data(
      (#"{"format":"sigbench-ink","version":1,"units":{"position":"css-px","time":"s","#
        + #""pressure":"0-1","angle":"rad"},"channels":["x","y","t"],"strokes":[{"samples":"#
        + #"[[0,0,0],[9000,9000,0.5]]}],"hover":[]}"#).utf8
    ).write(to: wide)
    let png = dir.appendingPathComponent("x.png").path
    // About 9020 × 9020 device px: 1.3e9 sub-samples at supersample 4, 3.3e8 at 2.
    for extra in [["--px-per-unit", "1", "--supersample", "4"], []] {
      let r = try EndToEndTests.run(
        ["render", wide.path, "--strategy", "straight", "-o", png] + extra)
      #expect(r.code == 64, "\(extra): \(r.stderr)")
      #expect(
        r.stderr.contains("canvas sub-samples, which must be at most 268435456"), "\(r.stderr)")
      #expect(r.stderr.contains("fits at --px-per-unit 0."), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: png))
    }
    // Inside the budget it draws.
    let ok = try EndToEndTests.run(
      ["render", wide.path, "--strategy", "straight", "-o", png, "--px-per-unit", "0.5"])
    #expect(ok.code == 0, "\(ok.stderr)")
    // A background picture that declares 100000 × 100000 px in a 33-byte header is refused
    // before libgd allocates it.
    var bomb = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    bomb += Data("IHDR".utf8) + Data([0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0])
    bomb += Data([0, 0, 0, 0])
    let background = dir.appendingPathComponent("bomb.png")
    try bomb.write(to: background)
    let b = try EndToEndTests.run(
      [
        "render", wide.path, "--strategy", "straight", "-o", png, "--background-image",
        background.path,
      ])
    #expect(b.code == 1, "\(b.stderr)")
    #expect(b.stderr.contains("declares 100000×100000 px"), "\(b.stderr)")
    #expect(b.stderr.contains("must be at most 67108864 px"), "\(b.stderr)")
    // A background file past the picture file bound (256 MiB; sparse, no disk used) is refused
    // unread, naming its size and the bound.
    let huge = dir.appendingPathComponent("huge.png")
    _ = FileManager.default.createFile(atPath: huge.path, contents: Data(bomb.prefix(8)))
    let h = try FileHandle(forWritingTo: huge)
    try h.truncate(atOffset: 300 << 20)
    try h.close()
    let big = try EndToEndTests.run(
      ["render", wide.path, "--strategy", "straight", "-o", png, "--background-image", huge.path])
    #expect(big.code == 1, "\(big.stderr)")
    #expect(big.stderr.contains("314572800 bytes, more than the 268435456 bytes"), "\(big.stderr)")
  }

  @Test("gate options are checked with --baseline: --processes 0 is a usage error")
  func processes() throws {
    let (r, _, written) = try Self.attempt([
      "run", "--corpus", Self.corpus, "--baseline", "main", "--processes", "0",
    ])
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains("--processes"))
    #expect(written.isEmpty)
  }

  @Test("a missing baseline exits 5 before the run")
  func missingBaseline() throws {
    let (r, seconds, written) = try Self.attempt([
      "run", "--corpus", Self.corpus, "--baseline", "nosuch",
    ])
    #expect(r.code == 5, "\(r.stderr)")
    #expect(r.stderr.contains("no baseline 'nosuch'"))
    #expect(written.isEmpty, "\(written)")
    #expect(seconds < 5)
  }

  @Test("a missing noise floor exits 5; --noise-floor without --baseline is a usage error")
  func noiseFloor() throws {
    let (lone, _, w1) = try Self.attempt([
      "run", "--corpus", Self.corpus, "--noise-floor", "aa",
    ])
    #expect(lone.code == 64, "\(lone.stderr)")
    #expect(lone.stderr.contains("--noise-floor"))
    #expect(w1.isEmpty)
    let (gate, _, w2) = try Self.attempt([
      "gate", "--corpus", Self.corpus, "--base-binary", EndToEndTests.binary.path,
      "--noise-floor", "nosuch",
    ])
    #expect(gate.code == 5, "\(gate.stderr)")
    #expect(w2.isEmpty)
  }

  @Test("a base binary that is not executable exits 5")
  func baseBinary() throws {
    let (r, _, written) = try Self.attempt([
      "gate", "--corpus", Self.corpus, "--base-binary", "/nonexistent/sigbench",
    ])
    #expect(r.code == 5, "\(r.stderr)")
    #expect(written.isEmpty)
  }

  @Test("--compare-run of a folder that is not a run exits 1 before the run")
  func compareRun() throws {
    let notARun = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: notARun) }
    let (r, seconds, written) = try Self.attempt([
      "run", "--corpus", Self.corpus, "--compare-run", notARun.path,
    ])
    #expect(r.code == 1, "\(r.stderr)")
    #expect(r.stderr.contains("not a run folder"))
    #expect(written.isEmpty)
    #expect(seconds < 5)
  }

  @Test("a bad value in bench and baseline is caught before the corpus is read")
  func otherCommands() throws {
    let (b, _, w1) = try Self.attempt([
      "bench", "--corpus", "/nonexistent", "--processes", "banana",
    ])
    #expect(b.code == 64, "\(b.stderr)")
    #expect(w1.isEmpty)
    let (s, _, w2) = try Self.attempt([
      "baseline", "save", "x", "--corpus", "/nonexistent", "--counter-points", "0",
    ])
    #expect(s.code == 64, "\(s.stderr)")
    #expect(w2.isEmpty)
  }

  @Test("info and convert refuse a unit no reader can convert")
  func units() throws {
    let file = Self.corpus + "/tap.sigbench.json"
    let r = try EndToEndTests.run(["info", file, "--units", "banana"])
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains("--units") && r.stderr.contains("banana"))
    #expect(try EndToEndTests.run(["info", file, "--units", "mm"]).code == 0)
  }
}
