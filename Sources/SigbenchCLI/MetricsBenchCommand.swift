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
      OptionGroups.strategies,
      OptionSpec(
        "points", value: "N", help: "Samples in the stroke (2-1000000).", default: "10000"),
      OptionSpec(
        "spacing", value: "PX", help: "Mean distance between samples, px (0.1-20).",
        default: "2"),
      OptionSpec("runs", value: "N", help: "Timed repetitions per figure (1-1000).", default: "9"),
    ])

  let benchmark: MetricsBenchmark

  init(_ a: ParsedArguments) throws {
    guard let n = Int(a.value("points") ?? "10000"), (2...1_000_000).contains(n) else {
      throw ValidationError("--points must be in 2…1000000.")
    }
    guard let r = Int(a.value("runs") ?? "9"), (1...1000).contains(r) else {
      throw ValidationError("--runs must be in 1…1000.")
    }
    guard let d = Double(a.value("spacing") ?? "2"), (0.1...20).contains(d) else {
      throw ValidationError("--spacing must be in 0.1…20 px.")
    }
    benchmark = MetricsBenchmark(
      points: n, spacing: d, runs: r,
      strategies: try StrategyResolver.resolve(a.value("strategies"), reference: .none))
  }

  func run(console: Console) throws -> ExitCode {
    if BuildConfiguration.isDebug {
      console.err("warning: debug build; figures are not representative (use -c release).")
    }
    _ = benchmark.run(emit: console.out)
    return .success
  }
}
