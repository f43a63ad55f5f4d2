import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// The per-cell failure rule on the built binary (#43): a stage that fails on a drawing inside
/// the input envelope fails that cell only — recorded, shown on the console, the sheet, the
/// sample page, `summary.md` and `gate.md`, the run goes on, exit 3; `--strict` stops at the
/// first one. The failure is the test-only `SIGBENCH_INJECT=LABEL:fail=STAGE`.
@Suite("failed cells end to end", .serialized)
struct CellFailureEndToEndTests {
  static var corpus: String {
    packageRootURL().appendingPathComponent("Corpus/fixtures").path
  }
  static let quick = [
    "--strategies", "catmull-rom", "--no-counters", "--timed-points", "200", "--jobs", "2",
  ]

  @Test("a failing cell is recorded and shown, the run goes on and exits 3")
  func recordedAndShown() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run(
      ["run", "--corpus", Self.corpus, "--out", out.path] + Self.quick,
      environment: ["SIGBENCH_INJECT": "catmull-rom:fail=picture"])
    #expect(r.code == 3, "\(r.stderr)")
    #expect(r.stdout.contains("failed cells: 9 (exit 3"), "\(r.stdout)")
    #expect(r.stdout.contains("catmull-rom 9 of 9"))
    #expect(r.stdout.contains("loop.sigbench.json × catmull-rom: picture: test-only failure"))
    let run = out.appendingPathComponent("latest")
    let result = try RunResult.decode(
      Data(contentsOf: run.appendingPathComponent("result.json")))
    #expect(result.failedCells.count == 9)
    #expect(result.failedCells.allSatisfy { $0.failure.strategy == "catmull-rom" })
    // The other cells went on: straight has its pictures and figures, catmull-rom its quality
    // (only its pictures failed).
    for s in result.samples {
      #expect(s.images["straight"] != nil && s.images["catmull-rom"] == nil)
      #expect(s.page?.quality?["catmull-rom"] != nil)
    }
    let index = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("id=\"failed-cells\"") && index.contains("9 failed cells"))
    #expect(index.contains("failed at picture"))
    let page = try #require(result.samples.first?.page?.path)
    let html = try String(contentsOf: run.appendingPathComponent(page), encoding: .utf8)
    #expect(html.contains("Failed cells"))
    let summary = try String(contentsOf: run.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("**9 failed cell(s)** (exit 3)"))
  }

  @Test("--strict stops at the first failing cell: exit 3, no run folder")
  func strictStops() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run(
      ["run", "--corpus", Self.corpus, "--out", out.path, "--strict"] + Self.quick,
      environment: ["SIGBENCH_INJECT": "catmull-rom:fail=quality"])
    #expect(r.code == 3, "\(r.stderr)")
    #expect(r.stderr.contains("× catmull-rom: quality: test-only failure"), "\(r.stderr)")
    #expect(r.stderr.contains("--strict stops at the first failing cell"))
    let runs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: out.appendingPathComponent("runs").path)) ?? []
    #expect(runs.isEmpty, "\(runs)")
  }

  @Test("a gate with failed cells exits 3 and still lists its confirmed regression")
  func gateKeepsRegressions() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try GateCommandTests.run(
      [
        "gate", "--base-binary", EndToEndTests.binary.path, "--corpus", GateCommandTests.fixture,
        "--out", out.path, "--processes", "2", "--json",
      ] + GateCommandTests.small,
      env: ["SIGBENCH_INJECT": "straight(size=5):spin=500,fail=quality"])
    #expect(r.code == 3, "\(r.stderr)")
    let g = try GateReport.decode(Data(r.stdout.utf8))
    #expect(g.failedCells?.count == 1, "\(g.failedCells ?? [])")
    #expect(g.failedCells?.first?.contains("× straight(size=5): quality") == true)
    #expect(g.exitCode == 3 && g.outcome.hasPrefix("FAIL: 1 failed cell(s)"), "\(g.outcome)")
    let gates = out.appendingPathComponent("gates")
    let found = FileManager.default.enumerator(atPath: gates.path)?.compactMap { $0 as? String }
    let path = try #require(found?.first { $0.hasSuffix("gate.md") })
    let md = try String(contentsOf: gates.appendingPathComponent(path), encoding: .utf8)
    #expect(md.contains("### Failed cells: 1 (exit 3)"))
    // The injected work is still a confirmed regression, listed beside the failed cell.
    if g.counterStatus.hasPrefix("compared") {
      let c = g.counters.first {
        $0.strategy == "straight(size=5)" && $0.metric == .instructionsPerPoint
      }
      #expect(c?.verdict == .regressed, "\(g.counters)")
      #expect(g.outcome.contains("and confirmed regressions"), "\(g.outcome)")
      #expect(md.contains("regressed"))
    }
  }
}
