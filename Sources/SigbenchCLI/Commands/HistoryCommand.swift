import Foundation
import SigbenchArguments
import SigbenchFiles
import SigbenchHistory
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench history import|list|show|export|steps|report`: the benchmark history database.
struct HistoryCommand: Command {
  static let spec = CommandSpec(
    name: "history",
    abstract: "Keep every run's figures in SQLite; list, export, chart them and find steps.",
    discussion: """
      run, bench and gate append their figures to <out>/history.sqlite (--history PATH,
      --no-history): the commit the binary was built from, its committer time, the machine,
      build and corpus, and per strategy x lane x metric the headline and every process's value.
      import DIR…  backfills from run folders (result.json), bench.json and gate.json files at or
                   below DIR, old schema versions included; a run already stored is skipped.
      list         one line per stored run (--json: as JSON).
      show         one series in commit order: --strategy S --lane L --metric M.
      export       every stored figure as CSV on stdout (--csv; -o FILE to write a file).
      steps        detected steps, newest first (--json for CI): E-divisive means (Matteson &
                   James, JASA 2014) with a permutation test, per strategy x lane x metric and
                   machine/build/corpus; --strategy, --lane, --metric narrow the series.
      report       -o DIR: DIR/index.html with one chart per series and the steps table.
      """,
    options: [
      OutputOptions.out.spec, HistoryOptions.history.spec, StrategyOptions.strategy.spec,
      FigureOptions.lane.spec, FigureOptions.metric.spec, csv.spec, OutputOptions.output.spec,
      GateOptionGroup.seed.defaulting(to: "1").spec, OutputOptions.json.spec,
      OutputOptions.quiet.spec,
    ],
    positionals: [
      PositionalSpec(
        "action", help: "import, list, show, export, steps or report.",
        allowed: ["import", "list", "show", "export", "steps", "report"]),
      PositionalSpec(
        "dir", help: "import: run folders, bench.json files or folders searched below.",
        optional: true, variadic: true),
    ])

  static let csv = Flag("csv", help: "export: CSV (the one export format).")

  let action: String
  let targets: [String]
  let actions: HistoryActions
  let output: String?
  let json: Bool

  init(_ a: ParsedArguments) throws {
    action = a.positionals[0]
    targets = Array(a.positionals.dropFirst())
    if action == "import" && targets.isEmpty {
      throw ValidationError("'history import' needs a DIR (a run folder or a folder of them).")
    }
    if action != "import", let t = targets.first {
      throw ValidationError("Unexpected argument '\(t)' for 'history \(action)'.")
    }
    let selection = HistoryActions.Selection(
      strategy: try a.value(StrategyOptions.strategy), lane: try a.value(FigureOptions.lane),
      metric: try a.value(FigureOptions.metric))
    if action == "show"
      && (selection.strategy == nil || selection.lane == nil || selection.metric == nil)
    {
      throw ValidationError("'history show' needs --strategy, --lane and --metric.")
    }
    if action == "export" && !a.flag(Self.csv) {
      throw ValidationError("'history export' needs --csv (the one export format).")
    }
    output = try a.value(OutputOptions.output)
    if action == "report" && output == nil {
      throw ValidationError("'history report' needs -o <DIR>.")
    }
    actions = HistoryActions(
      path: try HistoryOptions(a).path!, selection: selection,
      seed: try a.required(GateOptionGroup.seed))
    json = a.flag(OutputOptions.json)
  }

  func run(console: Console) throws -> ExitCode {
    switch action {
    case "import":
      let (warnings, summary, nothingRead) = try actions.importRuns(targets)
      warnings.forEach(console.err)
      console.out(summary)
      return nothingRead ? .toolError : .success
    case "list": try actions.list(json: json).forEach(console.out)
    case "show": try actions.show(json: json).forEach(console.out)
    case "export":
      let csv = try actions.csv()
      guard let output else {
        FileHandle.standardOutput.write(Data(csv.utf8))
        return .success
      }
      try AtomicFiles.write(Data(csv.utf8), to: URL(fileURLWithPath: output))
      console.note("wrote \(output)")
    case "steps": HistoryTables.steps(try actions.trends(), json: json).forEach(console.out)
    default: console.out(try actions.report(to: URL(fileURLWithPath: output!)).path)
    }
    return .success
  }
}
