import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// External strategies through the built binary (#45): the examples in `scripts/external/`
/// run over `Corpus/fixtures` like built-ins (quality, pictures, sheet), timed in their own
/// lanes; `py-straight` gives the built-in `straight`'s figures and pictures to the bit; a
/// misbehaving strategy fails its cells only (exit 3); `strategies --check` judges any
/// strategy.
@Suite("external strategies end to end", .serialized)
struct ExternalRunEndToEndTests {
  static var corpus: String { packageRootURL().appendingPathComponent("Corpus/fixtures").path }
  static var examples: String { packageRootURL().appendingPathComponent("scripts/external").path }
  static var fixtures: String {
    packageRootURL().appendingPathComponent("Tests/SigbenchExternalTests/Fixtures").path
  }
  static let quick = ["--no-counters", "--no-history", "--timed-points", "400", "--jobs", "2"]

  @Test("the examples run like built-ins; py-straight's ink is straight's to the bit")
  func examplesRunLikeBuiltIns() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run(
      [
        "run", "--corpus", Self.corpus, "--out", out.path, "--strategy-dir", Self.examples,
        "--strategies", "straight,py-straight,py-moving-average,js-moving-average(window=3)",
      ] + Self.quick)
    #expect(r.code == 0, "\(r.stderr)")
    // Said before anything starts: the manifest and the command.
    #expect(r.stderr.contains("external strategy py-straight: manifest "))
    #expect(r.stderr.contains("command python3 straight.py"))
    #expect(r.stderr.contains("command node moving_average.js"))
    // The console labels their lanes as their own.
    #expect(r.stdout.contains("round-trip push p50"), "\(r.stdout)")
    #expect(r.stdout.contains("(external: its own lanes, not ranked)"))
    let run = out.appendingPathComponent("latest")
    let result = try RunResult.decode(Data(contentsOf: run.appendingPathComponent("result.json")))
    let quality = try #require(result.quality?.strategies)
    #expect(quality["straight"] != nil)
    #expect(quality["py-straight"] == quality["straight"])
    #expect(quality["js-moving-average(window=3)"] != nil)
    for s in result.samples {
      let mine = try Data(
        contentsOf: run.appendingPathComponent(try #require(s.images["py-straight"])))
      let theirs = try Data(
        contentsOf: run.appendingPathComponent(try #require(s.images["straight"])))
      #expect(mine == theirs, "\(s.name)")
    }
    // Recorded with manifest, command and digests; the contract suite ran and held.
    let info = try #require(result.strategies.first { $0.label == "py-straight" })
    #expect(info.external?.commandFiles == ["straight.py"])
    #expect(info.external?.manifestDigest.count == 64)
    #expect(info.contractFailures == [])
    #expect(result.strategies.first { $0.label == "straight" }?.external == nil)
    // Timed in their own lanes, never among the in-process figures.
    let lanes = try #require(result.bench.externalLatency)
    #expect(Set(lanes.map(\.strategy)).count == 3)
    for f in lanes {
      #expect(f.unavailableReason == nil)
      #expect((f.push?.p50 ?? 0) > 0 && (f.push?.count ?? 0) > 0, "\(f.strategy) \(f.lane)")
    }
    #expect(!result.bench.figures.contains { $0.strategy.hasPrefix("py-") })
    #expect(
      result.bench.counters.filter { $0.strategy == "py-straight" }.allSatisfy {
        $0.unavailableReason?.hasPrefix("does not apply") == true
      })
    let sheet = try String(
      contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(sheet.contains("<h2>External strategies</h2>"))
    #expect(sheet.contains("External strategies: their own lanes"))
    #expect(sheet.contains("every rule holds"))
  }

  @Test("a misbehaving strategy fails its cells only, each with what happened; exit 3")
  func misbehavingStrategies() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    // One of each kind of item 6 (crash, hang, malformed, oversize, non-finite, early exit);
    // the protocol tests drive every fault of the fixture, `error` and `infinite` too.
    let faults = ["crash", "hang", "garbage", "huge", "nan", "exit"]
    let specs = faults.map { "py-chords(fault=\($0))" }.joined(separator: ",")
    let r = try EndToEndTests.run(
      [
        "run", "--corpus", Self.corpus, "--out", out.path, "--strategy-dir", Self.fixtures,
        "--strategies", "straight," + specs, "--external-timeout", "0.3", "--no-render",
      ] + Self.quick)
    #expect(r.code == 3, "\(r.stderr)")
    let result = try RunResult.decode(
      Data(contentsOf: out.appendingPathComponent("latest/result.json")))
    let says = [
      "crash": "exited", "hang": "no reply to 'push' within 0.3 s", "garbage": "not JSON",
      "nan": "not JSON", "infinite": "1e999",
      "huge": "longer than 16777216 bytes", "error": "deliberate error at the third push",
      "exit": "status 7",
    ]
    for fault in faults {
      let label = "py-chords(fault=\(fault))"
      let cells = result.failedCells.filter { $0.failure.strategy == label }
      #expect(!cells.isEmpty, "\(label)")
      // The first failure says what happened; later ones may say the strategy was given up.
      #expect(cells.first?.failure.reason.contains(says[fault]!) == true, "\(cells.first!)")
      #expect(
        result.strategies.first { $0.label == label }?.contractFailures?.isEmpty == false)
    }
    // Every other strategy completed.
    #expect(!result.failedCells.contains { $0.failure.strategy == "straight" })
    #expect(result.quality?.strategies["straight"] != nil)
  }

  @Test("strategies --check judges built-in and external strategies alike")
  func contractCheck() throws {
    for spec in ["straight", "py-straight", "py-moving-average", "js-moving-average"] {
      let r = try EndToEndTests.run(
        ["strategies", "--strategy-dir", Self.examples, "--check", spec])
      #expect(r.code == 0, "\(spec): \(r.stdout) \(r.stderr)")
      #expect(r.stdout.contains("contract check of \(spec)"))
      #expect(r.stdout.contains("every rule holds"))
      #expect(r.stdout.contains("  ok    stable output is never revised"))
    }
    let broken = try EndToEndTests.run(
      ["strategies", "--strategy-dir", Self.fixtures, "--check", "py-chords(fault=error)"])
    #expect(broken.code == 3, "\(broken.stdout)")
    #expect(broken.stdout.contains("FAIL  output is finite, and nothing is tentative after finish"))
    #expect(broken.stdout.contains("deliberate error at the third push"))
    #expect(broken.stdout.contains("first failing stroke ("))
    let unknown = try EndToEndTests.run(["strategies", "--check", "no-such-thing"])
    #expect(unknown.code == 64)
  }
}

/// External strategies in baselines and the gate (#45, item 5): the baseline records their
/// digests; a gate compares them when unchanged, refuses them (exit 5) when their code changed
/// unless acknowledged, and a base binary that cannot run them leaves them "unavailable on the
/// base side".
@Suite("external strategies in the gate", .serialized)
struct ExternalGateEndToEndTests {
  @Test("digests recorded; unchanged compared, changed refused unless acknowledged; old base")
  func gateAndBaseline() throws {
    let root = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let fm = FileManager.default
    // A one-drawing corpus and a copy of the Python straight, so its script can change.
    let corpus = root.appendingPathComponent("corpus")
    let folder = root.appendingPathComponent("strategies")
    try fm.createDirectory(at: corpus, withIntermediateDirectories: true)
    try fm.createDirectory(at: folder, withIntermediateDirectories: true)
    let fixtures = packageRootURL().appendingPathComponent("Corpus/fixtures")
    try fm.copyItem(
      at: fixtures.appendingPathComponent("sharp-corner.sigbench.json"),
      to: corpus.appendingPathComponent("sharp-corner.sigbench.json"))
    let examples = packageRootURL().appendingPathComponent("scripts/external")
    for name in ["py-straight.sigbench-strategy.json", "straight.py"] {
      try fm.copyItem(
        at: examples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    let out = root.appendingPathComponent("out").path
    // bench's timing workers time the external lanes too; the headline is their median.
    let benched = try EndToEndTests.run([
      "bench", "--corpus", corpus.path, "--strategies", "straight,py-straight", "--strategy-dir",
      folder.path, "--processes", "2", "--no-counters", "--no-synthetic", "--lanes", "smooth",
      "--out", out, "--no-history", "--json",
    ])
    #expect(benched.code == 0, "\(benched.stderr)")
    let report = try BenchReport.decode(Data(benched.stdout.utf8))
    let lanes = try #require(report.externalLatency)
    #expect(lanes.count == 2 && lanes.allSatisfy { $0.processes == 2 && $0.push != nil })
    let common = [
      "--corpus", corpus.path, "--strategies", "straight,py-straight", "--strategy-dir",
      folder.path, "--processes", "2", "--no-counters", "--lanes", "smooth", "--out", out,
    ]
    let saved = try EndToEndTests.run(["baseline", "save", "b"] + common)
    #expect(saved.code == 0, "\(saved.stderr)")
    let stored = try Baseline.decode(
      Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("baselines/b.json")))
    #expect(stored.external?["py-straight"]?.commandFiles == ["straight.py"])
    #expect(stored.quality?["py-straight"] != nil)

    let same = try EndToEndTests.run(["gate", "--baseline", "b"] + common)
    #expect(same.code == 0, "\(same.stdout) \(same.stderr)")
    #expect(same.stdout.contains("`py-straight`: compared (digests unchanged)"))

    let script = folder.appendingPathComponent("straight.py")
    try (try Data(contentsOf: script) + Data("# changed\n".utf8)).write(to: script)
    let changed = try EndToEndTests.run(["gate", "--baseline", "b"] + common)
    #expect(changed.code == 5, "\(changed.stdout)")
    #expect(changed.stdout.contains("external strategy changed since the baseline"))
    #expect(changed.stdout.contains("comparison refused"))
    #expect(changed.stdout.contains("baseline incompatible for py-straight"))

    let ack = try EndToEndTests.run([
      "baseline", "ack", "b", "--strategy", "py-straight", "--metric", "external-digest",
      "--reason", "a comment only", "--out", out,
    ])
    #expect(ack.code == 0, "\(ack.stderr)")
    let acknowledged = try EndToEndTests.run(["gate", "--baseline", "b"] + common)
    #expect(acknowledged.code == 0, "\(acknowledged.stdout)")
    #expect(acknowledged.stdout.contains("compared: acknowledged: a comment only"))

    // The same build as the base: its quality worker runs them with the folders and digests.
    let sameBuild = try EndToEndTests.run(
      ["gate", "--base-binary", EndToEndTests.binary.path] + common)
    #expect(sameBuild.code == 0, "\(sameBuild.stdout) \(sameBuild.stderr)")
    #expect(sameBuild.stdout.contains("`py-straight`: compared (same-job A/B)"))

    // A base build from before external strategies: it rejects --strategy-dir.
    let old = root.appendingPathComponent("old-base.sh")
    try Data(
      """
      #!/bin/sh
      for a in "$@"; do
        if [ "$a" = "--strategy-dir" ]; then echo "Error: unknown option" >&2; exit 64; fi
      done
      exec '\(EndToEndTests.binary.path)' "$@"

      """.utf8
    ).write(to: old)
    try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: old.path)
    let ab = try EndToEndTests.run(["gate", "--base-binary", old.path] + common)
    #expect(ab.code == 0, "\(ab.stdout) \(ab.stderr)")
    #expect(ab.stdout.contains("`py-straight`: unavailable on the base side"))
  }
}
