import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `sigbench render-bench`: the renderer's own performance figures (`RenderBenchmark`).
struct RenderBenchCommand: Command {
  static let spec = CommandSpec(
    name: "render-bench",
    abstract: "Time the renderer: one-shot 800x300 at 2x/4x and incremental raster per point.",
    discussion: """
      Build with -c release for meaningful figures (a debug build is marked as such). Every
      figure goes through the closure harness (calibrated clock, verified warm-up, percentiles)
      and into <out>/render-bench/<id>/render-bench.json with the printed lines.
      """,
    options: [
      OptionSpec(
        "corpus", value: "DIR", help: "Drawings for the incremental lane.", default: "Corpus"),
      OptionSpec(
        "file", value: "FILE", help: "The drawing for the one-shot lane.",
        default: "Corpus/fixtures/signature-120hz.sigbench.json"),
      OptionSpec(
        "strategy", value: "SPEC", help: "Strategy producing the geometry.", default: "straight"),
      OptionSpec("runs", value: "N", help: "Timed one-shot runs per factor.", default: "40"),
      OptionSpec("rounds", value: "N", help: "Incremental replays of the corpus.", default: "5"),
      OptionSpec(
        "tail", value: "N",
        help: "Second incremental lane: when the strategy emits no tentative tail, redraw its "
          + "last N stable updates as a stand-in tail (0 skips the lane).", default: "3"),
      OptionGroups.out,
      OptionSpec("quiet", help: "No notes on stderr."),
    ])

  let benchmark: RenderBenchmark
  let out: String

  init(_ a: ParsedArguments) throws {
    let strategy = try StrategyCatalog.configure(
      try StrategySpec.parse(a.value("strategy") ?? "straight"))
    guard let r = Int(a.value("runs") ?? "40"), (1...10_000).contains(r),
      let n = Int(a.value("rounds") ?? "5"), (1...1000).contains(n)
    else { throw ValidationError("--runs must be in 1…10000 and --rounds in 1…1000.") }
    guard let t = Int(a.value("tail") ?? "3"), (0...16).contains(t) else {
      throw ValidationError("--tail must be in 0…16.")
    }
    benchmark = RenderBenchmark(
      corpus: a.value("corpus")!, file: a.value("file")!, strategy: strategy, runs: r,
      rounds: n, tail: t)
    out = a.value("out")!
  }

  func run(console: Console) throws -> ExitCode {
    if BuildConfiguration.isDebug {
      console.err("warning: debug build; figures are not representative (use -c release).")
    }
    let report = try benchmark.run(emit: console.out)
    let file = try TimingResultsFile.write(report, kind: "render-bench", out: out)
    console.out("results: \(file.path)")
    return .success
  }
}
