import Foundation
import SigbenchHistory
import SigbenchReport
import SigbenchResults

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
      OptionGroups.out,
      OptionSpec(
        "history", value: "PATH", help: "History database (default: <out>/history.sqlite)."),
      OptionSpec("strategy", value: "SPEC", help: "show, steps, report: one strategy (label)."),
      OptionSpec(
        "lane", value: "LANE", help: "show, steps, report: smooth, smooth+raster, quality."),
      OptionSpec(
        "metric", value: "NAME", help: "show, steps, report: batch-p50, p99, accuracy-mean, …"),
      OptionSpec("csv", help: "export: CSV (the one export format)."),
      OptionSpec("output", short: "o", value: "PATH", help: "report: folder; export: file."),
      OptionSpec(
        "seed", value: "N", help: "steps, report: seed of the permutation test.", default: "1"),
      OptionGroups.json, OptionGroups.quiet,
    ],
    positionals: [
      PositionalSpec("action", help: "import, list, show, export, steps or report."),
      PositionalSpec(
        "dir", help: "import: run folders, bench.json files or folders searched below.",
        optional: true, variadic: true),
    ])

  static let actions = ["import", "list", "show", "export", "steps", "report"]

  let action: String
  let path: String
  let targets: [String]
  let strategy: String?
  let lane: String?
  let metric: String?
  let output: String?
  let json: Bool
  let seed: UInt64

  init(_ a: ParsedArguments) throws {
    action = a.positionals[0]
    guard Self.actions.contains(action) else {
      throw ValidationError(
        "Unknown action '\(action)'; expected \(Self.actions.joined(separator: ", ")).")
    }
    targets = Array(a.positionals.dropFirst())
    if action == "import" && targets.isEmpty {
      throw ValidationError("'history import' needs a DIR (a run folder or a folder of them).")
    }
    if action != "import", let t = targets.first {
      throw ValidationError("Unexpected argument '\(t)' for 'history \(action)'.")
    }
    path =
      a.value("history")
      ?? URL(fileURLWithPath: a.value("out")!).appendingPathComponent(
        HistoryStore.defaultFileName
      ).path
    (strategy, lane, metric) = (a.value("strategy"), a.value("lane"), a.value("metric"))
    if action == "show" && (strategy == nil || lane == nil || metric == nil) {
      throw ValidationError("'history show' needs --strategy, --lane and --metric.")
    }
    if action == "export" && !a.flag("csv") {
      throw ValidationError("'history export' needs --csv (the one export format).")
    }
    output = a.value("output")
    if action == "report" && output == nil {
      throw ValidationError("'history report' needs -o <DIR>.")
    }
    guard let s = UInt64(a.value("seed")!) else {
      throw ValidationError("--seed must be a whole number ≥ 0; got '\(a.value("seed")!)'.")
    }
    seed = s
    json = a.flag("json")
  }

  func run(console: Console) throws -> ExitCode {
    if action != "import" && !FileManager.default.fileExists(atPath: path) {
      throw CommandFailure(
        .toolError, "no history database at \(path) (see 'sigbench help history')")
    }
    let store: HistoryStore
    do { store = try HistoryStore(path: path) } catch {
      throw CommandFailure(.toolError, "\(error)")
    }
    do {
      switch action {
      case "import": return importRuns(store, console)
      case "list": HistoryTables.list(try store.runs(), json: json).forEach(console.out)
      case "show":
        let rows = try store.rows(strategy: strategy, lane: lane, metric: metric)
        HistoryTables.show(rows, json: json).forEach(console.out)
      case "export": try export(store, console)
      case "steps":
        HistoryTables.steps(try trends(store), json: json).forEach(console.out)
      default: try report(store, console)
      }
    } catch let e as HistoryError {
      throw CommandFailure(.toolError, e.message)
    }
    return .success
  }

  func importRuns(_ store: HistoryStore, _ console: Console) -> ExitCode {
    let o = HistoryImport.run(targets, into: store)
    for f in o.failed { console.err("warning: not imported: \(f.file): \(f.reason)") }
    console.out(
      "imported \(o.added.count) run(s), \(o.alreadyStored.count) already stored, "
        + "\(o.failed.count) unreadable → \(path)")
    return o.added.isEmpty && o.alreadyStored.isEmpty && !o.failed.isEmpty ? .toolError : .success
  }

  func export(_ store: HistoryStore, _ console: Console) throws {
    let csv = HistoryCSV.render(try store.rows(strategy: strategy, lane: lane, metric: metric))
    if let output {
      try AtomicFiles.write(Data(csv.utf8), to: URL(fileURLWithPath: output))
      console.note("wrote \(output)")
    } else {
      FileHandle.standardOutput.write(Data(csv.utf8))
    }
  }

  func trends(_ store: HistoryStore) throws -> HistoryTrends {
    let rows = try store.rows(strategy: strategy, lane: lane, metric: metric)
    return HistoryTrendBuilder.build(rows, detector: StepDetector(seed: seed))
  }

  func report(_ store: HistoryStore, _ console: Console) throws {
    let t = try trends(store)
    let dir = URL(fileURLWithPath: output!)
    try AtomicFiles.createFolder(dir)
    try AtomicFiles.write(
      Data(HistorySection.page(t, title: "sigbench history").utf8),
      to: dir.appendingPathComponent("index.html"))
    try AtomicFiles.write(
      Data(HistoryTables.steps(t, json: true).joined(separator: "\n").utf8),
      to: dir.appendingPathComponent("steps.json"))
    console.out(dir.appendingPathComponent("index.html").path)
  }
}
