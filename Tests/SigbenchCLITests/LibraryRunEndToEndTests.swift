import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Library strategies through the built binary (#46): their code runs in a worker process of
/// sigbench (`strategies --serve`), so the C `straight` gives the built-in's figures and
/// pictures, and a library that traps fails its own cells only (exit 3).
@Suite("library strategies end to end", .serialized)
struct LibraryRunEndToEndTests {
  /// A folder holding the C example and a trapping library, each with its manifest.
  static func libraries() throws -> URL {
    let root = packageRootURL()
    let folder = try EndToEndTests.tempFolder()
    func sh(_ script: String, _ args: [String]) throws {
      let p = Process()
      p.executableURL = URL(fileURLWithPath: "/bin/sh")
      p.arguments = ["-c", script, "sh"] + args
      try p.run()
      p.waitUntilExit()
      #expect(p.terminationStatus == 0, "\(script) \(args)")
    }
    try sh(
      #""$1" "$2""#, [root.appendingPathComponent("scripts/external/c/build.sh").path, folder.path])
    try sh(
      #"cc="$(command -v cc || command -v clang)" && "$cc" "$@""#,
      [
        "-std=c11", "-shared", "-fPIC", "-DTRAP", "-I",
        root.appendingPathComponent("Sources/CSigbenchStrategyABI/include").path, "-o",
        folder.appendingPathComponent("libtrap.so").path,
        root.appendingPathComponent("Tests/SigbenchExternalTests/Fixtures/library/broken.c").path,
      ])
    // The examples' manifests, their libraries beside them rather than in c/.
    for (id, library) in [("c-straight", "libstraight.so"), ("c-polyline", "libpolyline.so")] {
      let manifest = "\(id).sigbench-strategy.json"
      let text = try String(
        contentsOf: root.appendingPathComponent("scripts/external/\(manifest)"), encoding: .utf8
      ).replacingOccurrences(of: "\"c/\(library)\"", with: "\"\(library)\"")
      try Data(text.utf8).write(to: folder.appendingPathComponent(manifest))
    }
    try Data(
      """
      {"id": "c-trap", "summary": "Traps at the third push.", "details": "A test fixture.",
       "kind": "library", "library": "libtrap.so", "abi": 1}
      """.utf8
    ).write(to: folder.appendingPathComponent("c-trap.sigbench-strategy.json"))
    return folder
  }

  @Test("C straight equals straight; a trapping library fails its own cells; exit 3")
  func isolatedRun() throws {
    let folder = try Self.libraries()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let r = try EndToEndTests.run([
      "run", "--corpus", packageRootURL().appendingPathComponent("Corpus/fixtures").path,
      "--out", out.path, "--strategy-dir", folder.path, "--strategies",
      "straight,c-straight,c-trap", "--no-counters", "--no-history", "--timed-points", "400",
      "--jobs", "2",
    ])
    #expect(r.code == 3, "\(r.stdout) \(r.stderr)")
    #expect(r.stderr.contains("library libstraight.so (loaded in a worker process of sigbench"))
    let run = out.appendingPathComponent("latest")
    let result = try RunResult.decode(Data(contentsOf: run.appendingPathComponent("result.json")))
    let quality = try #require(result.quality?.strategies)
    #expect(quality["c-straight"] == quality["straight"])
    for s in result.samples {
      let mine = try Data(
        contentsOf: run.appendingPathComponent(try #require(s.images["c-straight"])))
      let theirs = try Data(
        contentsOf: run.appendingPathComponent(try #require(s.images["straight"])))
      #expect(mine == theirs, "\(s.name)")
    }
    let trapped = result.failedCells.filter { $0.failure.strategy == "c-trap" }
    #expect(!trapped.isEmpty)
    #expect(trapped.first?.failure.reason.contains("signal") == true, "\(trapped.first!)")
    #expect(!result.failedCells.contains { $0.failure.strategy != "c-trap" })
    // Timed like a built-in, in both in-process lanes (in a worker process of its own); the
    // trapping library's worker ended, and it is reported not timed.
    let lanes = Set(result.bench.figures.filter { $0.strategy == "c-straight" }.map(\.lane))
    #expect(lanes == [.smooth, .smoothRaster])
    #expect(result.bench.externalLatency == nil)
    #expect(result.bench.failedStrategies?["c-trap"]?.hasPrefix("timing: ") == true)
    #expect(r.stdout.contains("not timed (exit 3)"))
    #expect(result.strategies.first { $0.label == "c-straight" }?.contractFailures == [])
    #expect(result.strategies.first { $0.label == "c-trap" }?.contractFailures?.isEmpty == false)
    let check = try EndToEndTests.run(
      ["strategies", "--strategy-dir", folder.path, "--check", "c-straight"])
    #expect(check.code == 0, "\(check.stdout) \(check.stderr)")
    #expect(check.stdout.contains("every rule holds"))
  }

  @Test("a baseline records a library's digests; the gate compares it while they match")
  func baselineAndGate() throws {
    let folder = try Self.libraries()
    defer { try? FileManager.default.removeItem(at: folder) }
    let corpus = folder.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: packageRootURL().appendingPathComponent("Corpus/fixtures/sharp-corner.sigbench.json"),
      to: corpus.appendingPathComponent("sharp-corner.sigbench.json"))
    let out = folder.appendingPathComponent("out").path
    let common = [
      "--corpus", corpus.path, "--strategies", "straight,c-straight", "--strategy-dir",
      folder.path, "--processes", "2", "--no-counters", "--lanes", "smooth", "--out", out,
    ]
    let saved = try EndToEndTests.run(["baseline", "save", "b"] + common)
    #expect(saved.code == 0, "\(saved.stderr)")
    let stored = try Baseline.decode(
      Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("baselines/b.json")))
    #expect(stored.external?["c-straight"]?.kind == "library")
    #expect(stored.external?["c-straight"]?.commandFiles == ["libstraight.so"])
    let gate = try EndToEndTests.run(["gate", "--baseline", "b"] + common)
    #expect(gate.code == 0, "\(gate.stdout) \(gate.stderr)")
    #expect(gate.stdout.contains("`c-straight`: compared (digests unchanged)"))
  }

  @Test("each library is counted in counter workers of its own: a trap loses its counters only")
  func countersIsolated() throws {
    guard GateCommandTests.valgrindAvailable else { return }
    let folder = try Self.libraries()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let r = try EndToEndTests.run([
      "bench", "--corpus",
      packageRootURL().appendingPathComponent("Corpus/fixtures/sharp-corner.sigbench.json").path,
      "--strategy-dir", folder.path, "--strategies", "straight,c-straight,c-trap", "--out",
      out.path, "--no-history", "--quiet", "--no-synthetic", "--repetitions", "1",
      "--counter-points", "200", "--timed-points", "200",
    ])
    #expect(r.code == 3, "\(r.stdout) \(r.stderr)")
    let run = try #require(
      FileManager.default.contentsOfDirectory(
        at: out.appendingPathComponent("bench"), includingPropertiesForKeys: nil
      ).first { !$0.lastPathComponent.hasPrefix(".") && $0.lastPathComponent != "latest" })
    let report = try BenchReport.decode(Data(contentsOf: run.appendingPathComponent("bench.json")))
    #expect(report.counterRun.unavailableReason == nil)
    func counted(_ label: String) -> [CounterFigures] {
      report.counters.filter { $0.strategy == label }
    }
    for label in ["straight", "c-straight"] {
      #expect(counted(label).count == 2, "\(label)")
      #expect(counted(label).allSatisfy { ($0.instructionsPerPoint ?? 0) > 0 }, "\(label)")
    }
    let trapped = counted("c-trap")
    #expect(trapped.count == 2)
    #expect(
      trapped.allSatisfy { $0.unavailableReason?.hasPrefix("its counter worker failed") == true },
      "\(trapped)")
    #expect(report.failedStrategies?["c-trap"] != nil)
    #expect(report.failedStrategies?["c-straight"] == nil)
  }

  @Test(
    "the README's minimal C example is scripts/external/c/polyline.c, and it meets the contract")
  func readmeExample() throws {
    let root = packageRootURL()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "### Library strategies (C ABI)"))
    let open = try #require(
      readme.range(of: "```c\n/* A minimal", range: section.upperBound..<readme.endIndex))
    let start = readme.index(open.lowerBound, offsetBy: 5)
    let close = try #require(readme.range(of: "```", range: start..<readme.endIndex))
    let file = try String(
      contentsOf: root.appendingPathComponent("scripts/external/c/polyline.c"), encoding: .utf8)
    #expect(String(readme[start..<close.lowerBound]) == file)
    let folder = try Self.libraries()
    defer { try? FileManager.default.removeItem(at: folder) }
    let check = try EndToEndTests.run(
      ["strategies", "--strategy-dir", folder.path, "--check", "c-polyline(width=3)"])
    #expect(check.code == 0, "\(check.stdout) \(check.stderr)")
    #expect(check.stdout.contains("every rule holds"))
  }
}
