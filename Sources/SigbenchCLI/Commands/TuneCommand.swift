import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `sigbench tune SPEC --over OPT[,OPT…] --metric M`: the configuration of one strategy that is
/// best on one quality metric over a corpus (`TunePipeline`).
struct TuneCommand: Command {
  static let spec = CommandSpec(
    name: "tune",
    abstract: "Search a strategy's options for the configuration best on one quality metric.",
    discussion: """
      Searches the options named in --over (every other option as SPEC gives it, or at its
      default) over their typical ranges from the option table, or OPT=LO..HI (linear) or
      OPT=log:LO..HI, by compass search in a seeded poll order, for the configuration that
      minimises or maximises the metric by its direction. Prints the spec ready to copy, the
      metric, the evaluations and the path taken. Deterministic for a seed; with --max-p50 a
      configuration slower than the bound counts as n/a, so the result depends on timing.
      """,
    options: [
      over.spec, metric.spec, CorpusOptions.corpus.defaulting(to: "Corpus").spec, budget.spec,
      GateOptionGroup.seed.defaulting(to: "1").spec, maxP50.spec, StrategyFolderOptions.folder.spec,
      StrategyFolderOptions.timeout.spec, OutputOptions.quiet.spec, OutputOptions.json.spec,
    ],
    positionals: [
      PositionalSpec(
        "spec", help: "The strategy and its fixed options, e.g. 'catmull-rom(filter=one-euro)'.")
    ])

  static let over = Option.text(
    "over", value: "OPT[,OPT…]",
    help: "Options to search: a name (its typical range), NAME=LO..HI or NAME=log:LO..HI."
  ).requiredHere()
  static let metric = Option.text(
    "metric", value: "M",
    help: "A quality metric id (sigbench report's definitions), e.g. accuracy-mean."
  ).requiredHere()
  static let budget = Option.integer("budget", help: "Most configurations evaluated.")
    .within(1...1000).defaulting(to: "36")
  static let maxP50 = Option.number(
    "max-p50", value: "NS",
    help: "Latency bound: a configuration whose smooth-lane batched p50 is above NS counts as n/a."
  )
  .within(1...1e9)

  let pipeline: TunePipeline
  let corpus: String
  let json: Bool

  init(_ a: ParsedArguments) throws {
    let spec = try StrategySpec.parse(a.positionals[0])
    if let swept = spec.options.first(where: { SweepValues.isSweep($0.value) }) {
      throw ValidationError(
        "tune searches the options in --over; give '\(swept.name)' one value in the spec or "
          + "name it in --over.")
    }
    let external = try StrategyFolderOptions(a).entries(a, loadedHere: false).map(\.entry)
    let entry = try StrategyCatalog.entry(spec.id, external: external)
    _ = try entry.configure(spec)
    let dimensions = try TuneDimension.parse(
      try a.required(Self.over), spec: spec, descriptor: entry.descriptor)
    let metric = try TunePipeline.metric(named: try a.required(Self.metric))
    pipeline = TunePipeline(
      spec: spec, entry: entry, dimensions: dimensions, metric: metric,
      budget: try a.required(Self.budget), seed: try a.required(GateOptionGroup.seed),
      maxP50: try a.value(Self.maxP50))
    corpus = try CorpusOptions(a).path
    json = a.flag(OutputOptions.json)
  }

  func run(console: Console) throws -> ExitCode {
    console.warnIfDebugBuild()
    let input = try CorpusInput.load(corpus, progress: console.progress)
    let outcome = try pipeline.run(input, progress: console.progress)
    if json {
      console.out(String(decoding: try ResultJSON.encode(outcome), as: UTF8.self))
    } else {
      TuneText.lines(outcome).forEach(console.out)
    }
    return .success
  }
}
