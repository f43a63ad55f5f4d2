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
