import Foundation
import SigbenchArguments
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
      CorpusOptions.corpus.defaulting(to: "Corpus").spec,
      file.defaulting(to: "Corpus/fixtures/signature-120hz.sigbench.json").spec,
      StrategyOptions.strategy.defaulting(to: StrategyCatalog.referenceID).spec,
      MetricsBenchCommand.runs.within(1...10_000).defaulting(to: "40").spec,
      rounds.spec, tail.spec, OutputOptions.out.spec, OutputOptions.quiet.spec,
    ])

  static let file = Option.text("file", value: "FILE", help: "The drawing for the one-shot lane.")
  static let rounds = Option.integer("rounds", help: "Incremental replays of the corpus.")
    .within(1...1000).defaulting(to: "5")
  static let tail = Option.integer(
    "tail",
    help: "Second incremental lane: when the strategy emits no tentative tail, redraw its "
      + "last N stable updates as a stand-in tail (0 skips the lane)."
  ).within(0...16).defaulting(to: "3")

  let benchmark: RenderBenchmark
  let out: String

  init(_ a: ParsedArguments) throws {
    let strategy = try StrategyCatalog.configure(
      try StrategySpec.parse(try a.required(StrategyOptions.strategy)))
    benchmark = RenderBenchmark(
      corpus: try CorpusOptions(a).path, file: try a.required(Self.file), strategy: strategy,
      runs: try a.required(MetricsBenchCommand.runs), rounds: try a.required(Self.rounds),
      tail: try a.required(Self.tail))
    out = try a.outFolder()
  }

  func run(console: Console) throws -> ExitCode {
    console.warnIfDebugBuild()
    let report = try benchmark.run(emit: console.out)
    let file = try TimingResultsFile.write(report, kind: "render-bench", out: out)
    console.out("results: \(file.path)")
    return .success
  }
}
