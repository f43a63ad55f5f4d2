import Foundation
import SigbenchReport
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Sweeps and the tuner through the built binary (#47): `run` and `bench` take lists and
/// ranges, `render`, `baseline` and `gate` refuse them; `tune` searches and says how.
@Suite("sweeps and tune end to end", .serialized)
struct SweepEndToEndTests {
  static let corpus = packageRootURL().appendingPathComponent("Corpus/fixtures").path
  static let corner = packageRootURL().appendingPathComponent(
    "Corpus/fixtures/sharp-corner.sigbench.json"
  ).path

  @Test("run expands a sweep into its grid, lists skipped points and measures every config")
  func runSweep() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run([
      "run", "--corpus", Self.corner, "--out", out.path, "--no-history", "--no-render",
      "--timed-points", "100", "--strategies",
      "catmull-rom(alpha=0|0.5|1),straight(width=pressure,min-width=1|3,max-width=2..4:2)",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stderr.contains("sweep catmull-rom(alpha=0|0.5|1): 3 configurations (alpha × 3)"))
    #expect(
      r.stderr.contains(
        "skipped straight(width=pressure,min-width=3,max-width=2): max-width (2) is below "
          + "min-width (3)"))
    let result = try RunResult.decode(
      Data(contentsOf: out.appendingPathComponent("latest/result.json")))
    #expect(
      result.strategies.map(\.label) == [
        "straight", "straight(max-width=2,width=pressure)", "straight(max-width=4,width=pressure)",
        "straight(max-width=4,min-width=3,width=pressure)", "catmull-rom", "catmull-rom(alpha=0)",
        "catmull-rom(alpha=1)",
      ])
    #expect(result.quality?.strategies.count == 7)
    let sweeps = try #require(result.sweeps)
    #expect(
      sweeps.map(\.spec) == [
        "catmull-rom(alpha=0|0.5|1)", "straight(width=pressure,min-width=1|3,max-width=2..4:2)",
      ])
    #expect(sweeps[0].configs == ["catmull-rom(alpha=0)", "catmull-rom", "catmull-rom(alpha=1)"])
    #expect(
      sweeps[0].options == [.init(name: "alpha", values: ["0", "0.5", "1"], defaultValue: "0.5")])
    #expect(sweeps[1].skipped.count == 1 && sweeps[1].defaultLabel == "straight")
    // Every configuration is timed in the smooth lane; the raster lane only the defaults, the
    // reference and the configurations on their sweep's Pareto front.
    let front = Set(sweeps.flatMap { $0.front ?? [] })
    #expect(!front.isEmpty)
    let smooth = Set(result.bench.figures.filter { $0.lane == .smooth }.map(\.strategy))
    let raster = Set(result.bench.figures.filter { $0.lane == .smoothRaster }.map(\.strategy))
    #expect(smooth == Set(result.strategies.map(\.label)))
    let swept = Set(sweeps.flatMap(\.configs)).subtracting(["straight", "catmull-rom"])
    #expect(raster == Set(result.strategies.map(\.label)).subtracting(swept).union(front))
    #expect(raster.count < smooth.count)
  }

  @Test("pictures: the strategies drawn anyway, then only each sweep's best configurations")
  func picturesOfTheBest() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run([
      "run", "--corpus", Self.corner, "--out", out.path, "--no-history", "--timed-points", "100",
      "--strategies", "catmull-rom(alpha=0|0.25|0.75|1)",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let result = try RunResult.decode(
      Data(contentsOf: out.appendingPathComponent("latest/result.json")))
    let drawn = Set(result.samples.flatMap { $0.images.keys })
    let best = Set(SweepSection.pictured(result))
    #expect(!best.isEmpty && best.isSubset(of: drawn))
    #expect(drawn == best.union(["straight", "catmull-rom"]), "\(drawn) \(best)")
    #expect(drawn.count < result.strategies.count)
    // Every configuration has quality figures on each drawing's page.
    #expect(result.samples[0].page?.quality?.count == result.strategies.count)
    let sheet = try String(
      contentsOf: out.appendingPathComponent("latest/index.html"), encoding: .utf8)
    for label in best { #expect(sheet.contains("alt=\"\(label) ink of")) }
  }

  @Test("a process strategy's sweep: one process per worker, its own front over the round trip")
  func externalSweep() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run([
      "run", "--corpus", Self.corner, "--out", out.path, "--no-history", "--no-render",
      "--timed-points", "100", "--strategy-dir",
      packageRootURL().appendingPathComponent("scripts/external").path, "--strategies",
      "py-moving-average(window=2|6|9)",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let result = try RunResult.decode(
      Data(contentsOf: out.appendingPathComponent("latest/result.json")))
    let sweep = try #require(result.sweeps?.first)
    #expect(sweep.configs.count == 3 && sweep.defaultLabel == "py-moving-average")
    #expect(sweep.front?.isEmpty == false)
    let sheet = try String(
      contentsOf: out.appendingPathComponent("latest/index.html"), encoding: .utf8)
    #expect(sheet.contains("here the round trip of a process strategy"))
  }

  @Test("bench with a sweep: the history folds its configurations under the sweep")
  func benchHistory() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let history = out.appendingPathComponent("h.sqlite").path
    let r = try EndToEndTests.run([
      "bench", "--corpus", Self.corner, "--out", out.path, "--history", history, "--quiet",
      "--no-synthetic", "--no-counters", "--lanes", "smooth", "--timed-points", "100",
      "--strategies", "catmull-rom(alpha=0|1)",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let page = out.appendingPathComponent("history")
    let report = try EndToEndTests.run(["history", "report", "-o", page.path, "--history", history])
    #expect(report.code == 0, "\(report.stderr)")
    let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("sweep <code>catmull-rom(alpha=0|1)</code>: 2 configurations"))
  }

  @Test(
    "commands that take one configuration per spec refuse sweeps (exit 64)",
    arguments: [
      ["render", corner, "--strategy", "catmull-rom(alpha=0|1)", "-o", "/tmp/sigbench-x.png"],
      ["baseline", "save", "b", "--corpus", corner, "--strategies", "catmull-rom(alpha=0..1:0.5)"],
      [
        "gate", "--corpus", corner, "--base-binary", "/bin/true", "--strategies",
        "straight(size=1|2)",
      ],
      ["run", "--corpus", corner, "--strategies", "catmull-rom(alpha=0|1)", "--baseline", "b"],
      ["run", "--corpus", corner, "--strategies", "catmull-rom(alpha=0..1:0.01)"],
      [
        "run", "--corpus", corner, "--strategies", "catmull-rom(alpha=0|1)", "--max-configs",
        "1025",
      ],
      ["run", "--corpus", corner, "--strategies", "catmull-rom(filter-beta=0|0.1)"],
    ])
  func refusals(args: [String]) throws {
    let r = try EndToEndTests.run(args)
    #expect(r.code == 64, "\(args): \(r.stderr)")
    let says = [
      "taken by run, bench and tune only", "is not gated", "over the cap of 64", "--max-configs",
      "has no effect with filter=min-distance",
    ]
    #expect(says.contains { r.stderr.contains($0) }, "\(r.stderr)")
  }

  @Test("tune searches, prints the spec and the path, and is deterministic for a seed")
  func tune() throws {
    let args = [
      "tune", "catmull-rom(filter=one-euro)", "--over", "filter-min-cutoff,filter-beta",
      "--metric", "accuracy-mean", "--corpus", Self.corner, "--budget", "8", "--seed", "3",
      "--json", "--quiet",
    ]
    let a = try EndToEndTests.run(args)
    #expect(a.code == 0, "\(a.stderr)")
    let outcome = try JSONDecoder().decode(TuneOutcome.self, from: Data(a.stdout.utf8))
    #expect(outcome.evaluations <= 8 && outcome.evaluations >= 2)
    #expect(outcome.best.hasPrefix("catmull-rom(") && outcome.best.contains("filter=one-euro"))
    #expect(outcome.path.first?.step == 0 && outcome.value != nil)
    #expect(outcome.dimensions.map(\.spacing) == ["log", "log"])
    let b = try EndToEndTests.run(args)
    #expect(a.stdout == b.stdout)
    let text = try EndToEndTests.run(Array(args.dropLast(2)))
    #expect(text.stdout.contains("best: \(outcome.best)"))
    #expect(text.stdout.contains("deterministic"))
  }

  @Test(
    "--max-p50: a bound every configuration meets changes nothing but says it depends on timing; one none meets leaves no value"
  )
  func latencyBound() throws {
    let common = [
      "tune", "catmull-rom(filter=one-euro)", "--over", "filter-beta", "--metric",
      "accuracy-mean", "--corpus", Self.corner, "--budget", "4", "--quiet",
    ]
    let free = try EndToEndTests.run(common + ["--json"])
    let loose = try EndToEndTests.run(common + ["--json", "--max-p50", "1000000000"])
    #expect(free.code == 0 && loose.code == 0, "\(loose.stderr)")
    let a = try JSONDecoder().decode(TuneOutcome.self, from: Data(free.stdout.utf8))
    let b = try JSONDecoder().decode(TuneOutcome.self, from: Data(loose.stdout.utf8))
    #expect(a.best == b.best && a.value == b.value && b.maxP50 == 1e9 && a.maxP50 == nil)
    let text = try EndToEndTests.run(common + ["--max-p50", "1000000000"])
    #expect(text.stdout.contains("the result depends on timing"))
    let tight = try EndToEndTests.run(common + ["--json", "--max-p50", "1"])
    let c = try JSONDecoder().decode(TuneOutcome.self, from: Data(tight.stdout.utf8))
    #expect(tight.code == 0 && c.value == nil && c.path.allSatisfy { $0.value == nil })
  }

  @Test(
    "tune refuses what it cannot search (exit 64)",
    arguments: [
      (["catmull-rom", "--over", "filter-beta", "--metric", "accuracy-mean"], "has no effect"),
      (["catmull-rom", "--over", "alpha=0..1", "--metric", "accuracy-man"], "accuracy-mean"),
      (["catmull-rom", "--over", "width", "--metric", "accuracy-mean"], "is a choice"),
      (["catmull-rom(alpha=0|1)", "--over", "size", "--metric", "accuracy-mean"], "one value"),
    ])
  func tuneRefusals(args: [String], says: String) throws {
    let r = try EndToEndTests.run(["tune"] + args + ["--corpus", Self.corner])
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains(says), "\(r.stderr)")
  }
}
