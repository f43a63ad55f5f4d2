import SigbenchArguments
import SigbenchResults
import SigbenchRun

/// `sigbench metrics-bench`: what the quality metrics cost on one long stroke
/// (`MetricsBenchmark`).
struct MetricsBenchCommand: Command {
  static let spec = CommandSpec(
    name: "metrics-bench",
    abstract: "Time the quality metrics on one long stroke per strategy (accuracy and all).",
    discussion: """
      One looping stroke of --points samples --spacing px apart, with its ground truth as the
      synthetic corpus stores it and one ten times denser than the samples; each
      strategy smooths it once (not timed), then the accuracy measurement against the samples
      and against the truth, and every metric together, are timed. Build with -c release for
      meaningful figures (a debug build is marked as such).
      """,
    options: [
      StrategyOptions.strategies(default: .incremental),
      points.within(2...1_000_000).defaulting(to: "10000").spec,
      spacing.spec, runs.within(1...1000).defaulting(to: "9").spec,
    ])

  static let points = Option.integer("points", help: "Samples in the stroke.")
  static let spacing = Option.number(
    "spacing", value: "PX", help: "Mean distance between samples, px."
  ).within(0.1...20.0).defaulting(to: "2")
  /// `--runs`, shared with `render-bench`.
  static let runs = Option.integer("runs", help: "Timed repetitions of each figure.")

  let benchmark: MetricsBenchmark

  init(_ a: ParsedArguments) throws {
    benchmark = MetricsBenchmark(
      points: try a.required(Self.points), spacing: try a.required(Self.spacing),
      runs: try a.required(Self.runs),
      strategies: try StrategyOptions(a, reference: .none).configured)
  }

  func run(console: Console) throws -> ExitCode {
    console.warnIfDebugBuild()
    _ = benchmark.run(emit: console.out)
    return .success
  }
}
