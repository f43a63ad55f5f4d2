import Foundation
import SigbenchReport
import SigbenchResults
import SigbenchTestSupport
import Testing

/// End-to-end smoke round of the benchmark and the gate, through the built binary: short on
/// purpose (the full self-test is scripts/gate-selftest.sh). One small fixture, the smooth lane,
/// few processes, a small counter subset.
@Suite("gate end to end", .serialized)
struct GateCommandTests {
  static var fixture: String {
    packageRootURL().appendingPathComponent("Corpus/fixtures/signature-120hz.sigbench.json").path
  }

  static func run(_ args: [String], env: [String: String] = [:]) throws -> EndToEndTests.Outcome {
    let p = Process()
    p.executableURL = EndToEndTests.binary
    p.arguments = args
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "SIGBENCH_INJECT")
    environment.removeValue(forKey: "GITHUB_STEP_SUMMARY")
    for (k, v) in env { environment[k] = v }
    p.environment = environment
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return EndToEndTests.Outcome(
      code: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
      stderr: String(decoding: e, as: UTF8.self))
  }

  static let small = [
    "--strategies", "straight,straight(size=5)", "--lanes", "smooth", "--counter-points", "60",
    "--quiet",
  ]

  @Test("bench writes JSON, CSV and Markdown; counters measured or stated unavailable, never 0")
  func bench() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try Self.run(
      ["bench", "--corpus", Self.fixture, "--out", out.path, "--json", "--raw-samples"] + Self.small
    )
    #expect(r.code == 0, "\(r.stderr)")
    let report = try BenchReport.decode(Data(r.stdout.utf8))
    #expect(report.schemaVersion == BenchReport.currentSchemaVersion)
    #expect(report.figures.count == 2)
    #expect(report.figures.allSatisfy { $0.all?.count == report.corpus.points })
    #expect(report.figures[1].ratioToReference["batch-p50"] != nil)
    #expect(report.injection == nil)
    if let why = report.counterRun.unavailableReason {
      #expect(report.counters.isEmpty, "\(why)")
    } else {
      #expect(report.counters.count == 2)
      for c in report.counters {
        #expect((c.instructionsPerPoint ?? 0) > 0)
        #expect(c.points == 60)
      }
    }
    let folder = try #require(
      try FileManager.default.contentsOfDirectory(
        atPath: out.appendingPathComponent("bench").path
      ).first)
    let dir = out.appendingPathComponent("bench/\(folder)")
    let csv = try String(contentsOf: dir.appendingPathComponent("samples.csv"), encoding: .utf8)
    #expect(csv.hasPrefix(RawSamplesCSV.header))
    let md = try String(contentsOf: dir.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(md.contains("## sigbench bench") && md.contains("| straight | smooth |"))
  }

  @Test("bench over several processes: the headline is the median, min–max beside, CSV for all")
  func benchProcesses() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try Self.run(
      [
        "bench", "--corpus", Self.fixture, "--out", out.path, "--json", "--raw-samples",
        "--processes", "3",
        "--no-counters", "--no-synthetic",
      ] + Self.small)
    #expect(r.code == 0, "\(r.stderr)")
    let report = try BenchReport.decode(Data(r.stdout.utf8))
    #expect(report.processes == 3 && report.headline == .medianOverProcesses)
    #expect(report.processTimers?.count == 3)
    let values = try #require(report.perProcess)
    for f in report.figures {
      let p99 = try #require(
        values.first { $0.strategy == f.strategy && $0.lane == f.lane && $0.figure == "steady.p99" }
      )
      #expect(p99.values.count == 3)
      let sorted = p99.values.sorted()
      // The headline is the median of the three processes' p99, not the first process's.
      #expect(f.steady?.p99 == sorted[1])
      #expect(f.acrossProcesses?["steady.p99"] == ValueRange(min: sorted[0], max: sorted[2]))
    }
    let folder = try #require(
      try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("bench").path)
        .first)
    let csv = try String(
      contentsOf: out.appendingPathComponent("bench/\(folder)/samples.csv"), encoding: .utf8)
    let rows = csv.split(separator: "\n").dropFirst()
    for process in 0..<3 {
      #expect(rows.contains { $0.hasPrefix("straight,smooth,\(process),single,") })
    }
    #expect((report.rawSamples?.rows ?? 0) == rows.count)
  }

  @Test("A/A against itself: exit 0, no regression; counters agree; the JSON carries evidence")
  func sameBinary() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try Self.run(
      [
        "gate", "--base-binary", EndToEndTests.binary.path, "--corpus", Self.fixture, "--out",
        out.path, "--processes", "3", "--seed", "5", "--json",
      ] + Self.small)
    #expect(r.code == 0, "\(r.stderr)")
    let g = try GateReport.decode(Data(r.stdout.utf8))
    #expect(g.mode == "a/b")
    #expect(g.order.count == 6 && g.order.filter { $0 == .head }.count == 3)
    #expect(g.timing.count == 10)  // 2 strategies × 5 metrics
    #expect(g.timing.allSatisfy { $0.verdict != .regressed && $0.head.count == 3 })
    #expect(g.timing.allSatisfy { $0.testMethod != nil && $0.ratio != nil })
    #expect(g.headTimers.count == 3 && g.baseTimers.count == 3)
    if g.counterStatus.hasPrefix("compared") {
      #expect(g.counters.count == 4)
      #expect(g.counters.allSatisfy { $0.verdict == .noChange }, "\(g.counters)")
    }
  }

  @Test("+instructions on one strategy: the counter gate fails (exit 2) for that strategy only")
  func injectedInstructions() throws {
    guard Self.valgrindAvailable else { return }
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try Self.run(
      [
        "gate", "--base-binary", EndToEndTests.binary.path, "--corpus", Self.fixture, "--out",
        out.path, "--processes", "2", "--json",
      ] + Self.small, env: ["SIGBENCH_INJECT": "straight(size=5):spin=500"])
    #expect(r.code == 2, "\(r.stderr)")
    let g = try GateReport.decode(Data(r.stdout.utf8))
    #expect(g.injection?.spins == 500)
    let target = try #require(
      g.counters.first { $0.strategy == "straight(size=5)" && $0.metric == .instructionsPerPoint })
    let other = try #require(
      g.counters.first { $0.strategy == "straight" && $0.metric == .instructionsPerPoint })
    #expect(target.verdict == .regressed)
    #expect((target.ratio ?? 0) > 1.4, "500 spin rounds add about 60 % here")
    // The other strategy is not injected. A release build counts it exactly as the base does
    // (scripts/gate-selftest.sh checks "that strategy only" there); this debug build allocates
    // ~2 times per push, and malloc's instruction count follows the heap's history, which
    // parsing the knob and the process's environment change: 0.998 in one checkout, 1.021 in a
    // clone at another path, 1.056 under this test in that clone (the target 1.61 in each), so
    // only a bound well below the target's holds.
    #expect((other.ratio ?? 9) < 1.15, "the uninjected strategy moved \(other.ratio ?? 0)")
    if !BuildConfiguration.isDebug {
      #expect(other.verdict != .regressed)
    }
    #expect(g.outcome.contains("regression"))
  }

  @Test("baseline save, list, ack; gate against it; missing baseline exits 5")
  func storedBaseline() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let base = ["--corpus", Self.fixture, "--out", out.path]
    let save = try Self.run(["baseline", "save", "smoke", "--processes", "2"] + base + Self.small)
    #expect(save.code == 0, "\(save.stderr)")
    let list = try Self.run(["baseline", "list"] + base)
    #expect(
      list.stdout.contains("smoke") && list.stdout.contains("timing: usable"), "\(list.stdout)")
    let ack = try Self.run(
      ["baseline", "ack", "smoke", "--strategy", "straight", "--reason", "known: wider joins"]
        + base)
    #expect(ack.code == 0, "\(ack.stderr)")
    let gate = try Self.run(
      ["gate", "--baseline", "smoke", "--processes", "2", "--json"] + base + Self.small,
      env: ["SIGBENCH_INJECT": "straight:spin=500"])
    let g = try GateReport.decode(Data(gate.stdout.utf8))
    #expect(g.acknowledgements.first?.reason == "known: wider joins")
    // The mode and the statuses use the words `GateReport` documents.
    #expect(g.mode == "baseline" && g.baselineName == "smoke")
    #expect(g.timingStatus == "compared (stored baseline 'smoke')", "\(g.timingStatus)")
    #expect(!g.counterStatus.contains("config."), "\(g.counterStatus)")
    if g.counterStatus.hasPrefix("compared") {
      // The injected regression is covered by the acknowledgement: reported, not failing.
      let c = g.counters.filter { $0.strategy == "straight" && $0.metric == .instructionsPerPoint }
      #expect(c.first?.verdict == .acknowledged, "\(g.counters)")
      #expect(gate.code == 0, "\(gate.stderr)")
    }
    let missing = try Self.run(["gate", "--baseline", "nope"] + base + Self.small)
    #expect(missing.code == 5)
    #expect(missing.stderr.contains("no baseline 'nope'"))
    let usage = try Self.run(["gate"] + base)
    #expect(usage.code == 64)
    let broken = try Self.run(
      ["gate", "--base-binary", "/bin/false", "--processes", "2", "--no-counters"] + base
        + Self.small)
    #expect(broken.code == 3, "\(broken.stderr)")
  }

  @Test("baseline noise, then gate --noise-floor: thresholds and evidence from A/A; missing: 5")
  func noiseFloor() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let base = ["--corpus", Self.fixture, "--out", out.path]
    let noise = try Self.run(["baseline", "noise", "aa", "--processes", "6"] + base + Self.small)
    #expect(noise.code == 0, "\(noise.stderr)")
    #expect(noise.stdout.contains("batch-p50-ratio") && noise.stdout.contains("min. detectable"))
    let floor = try NoiseFloor.decode(
      Data(contentsOf: out.appendingPathComponent("baselines/noise/aa.json")))
    #expect(floor.processes == 6 && floor.replicates.allSatisfy { $0.values.count == 6 })
    let gate = try Self.run(
      [
        "gate", "--base-binary", EndToEndTests.binary.path, "--noise-floor", "aa", "--processes",
        "3", "--no-counters", "--seed", "11", "--json",
      ] + base + Self.small)
    #expect(gate.code == 0, "\(gate.stderr)")
    let g = try GateReport.decode(Data(gate.stdout.utf8))
    #expect(g.noiseFloor?.status == "used" && g.noiseFloor?.processes == 6)
    #expect(g.timing.allSatisfy { $0.noise != nil && !$0.thresholdSource.isEmpty })
    for c in g.timing {
      let e = try #require(c.noise)
      #expect(c.effectiveThreshold == max(e.configuredThreshold, e.noiseThreshold))
      #expect(c.thresholdSource.hasPrefix("A/A") == (e.noiseThreshold > e.configuredThreshold))
    }
    let md = try String(
      contentsOf: out.appendingPathComponent("gates").appendingPathComponent(
        try #require(
          try FileManager.default.contentsOfDirectory(
            atPath: out.appendingPathComponent("gates").path
          ).first)
      ).appendingPathComponent("gate.md"), encoding: .utf8)
    #expect(md.contains("A/A noise floor `aa`") && md.contains("min. detectable change"))
    let missing = try Self.run(
      ["gate", "--base-binary", EndToEndTests.binary.path, "--noise-floor", "nope"] + base
        + Self.small)
    #expect(missing.code == 5 && missing.stderr.contains("no noise floor 'nope'"))
  }

  @Test("the ink budget fails the gate by default (exit 2); --budget-report-only only reports it")
  func budget() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    // A budget of 1e-9 of the 240 Hz period (~4 fs) that no push can meet, against itself.
    let args =
      [
        "gate", "--base-binary", EndToEndTests.binary.path, "--corpus", Self.fixture, "--out",
        out.path, "--processes", "2", "--no-counters", "--seed", "3", "--budget", "1e-9", "--json",
      ] + Self.small
    let strict = try Self.run(args)
    #expect(strict.code == 2, "\(strict.stderr)")
    let s = try GateReport.decode(Data(strict.stdout.utf8))
    #expect(!s.budgets.isEmpty && s.budgets.allSatisfy { $0.verdict == .overBudget })
    #expect(s.confirmedTimingRegressions.isEmpty)
    let lenient = try Self.run(args + ["--budget-report-only"])
    #expect(lenient.code == 0, "\(lenient.stderr)")
    let l = try GateReport.decode(Data(lenient.stdout.utf8))
    #expect(l.budgets.allSatisfy { $0.verdict == .overBudget })
    #expect(l.warnings.contains { $0.kind == .budgetReportOnly })
    // The default budget (half a period) holds for these pushes.
    let normal = try Self.run(Array(args.filter { $0 != "1e-9" && $0 != "--budget" }))
    let n = try GateReport.decode(Data(normal.stdout.utf8))
    #expect(n.budgets.allSatisfy { $0.verdict == .withinBudget })
  }

  static var valgrindAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")
  }
}
