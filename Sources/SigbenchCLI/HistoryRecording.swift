import Foundation
import SigbenchHistory
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `--history PATH` / `--no-history`, shared by `run`, `bench` and `gate`: where their figures
/// are appended (default `<out>/history.sqlite`). A failed history write is a warning on stderr
/// and never changes the exit code.
struct HistoryTarget: Sendable {
  static let options: [OptionSpec] = [
    OptionSpec(
      "history", value: "PATH",
      help: "History database to append this run's figures to (default: <out>/history.sqlite)."),
    OptionSpec("no-history", help: "Do not append this run to the history database."),
  ]

  /// `nil` with `--no-history`.
  let path: String?

  init(_ a: ParsedArguments) throws {
    if a.flag("no-history") {
      guard a.value("history") == nil else {
        throw ValidationError("Give '--history <PATH>' or '--no-history', not both.")
      }
      path = nil
    } else {
      let out = a.value("out") ?? "Reports"
      path =
        a.value("history")
        ?? URL(fileURLWithPath: out).appendingPathComponent(HistoryStore.defaultFileName).path
    }
  }

  /// Appends `record` (one transaction); the open store on success, else `nil` with a warning.
  @discardableResult
  func append(_ record: @autoclosure () -> HistoryRecord, console: Console) -> HistoryStore? {
    guard let path else { return nil }
    do {
      let store = try HistoryStore(path: path)
      try store.append(record())
      return store
    } catch {
      console.err("warning: history not updated (\(path)): \(error)")
      return nil
    }
  }

  func append(bench report: BenchReport, console: Console) {
    append(.bench(report, commit: .build), console: console)
  }

  func append(gate report: GateReport, console: Console) {
    append(.gate(report, commit: .build), console: console)
  }

  /// Appends a finished run, then stores the history of its strategies in its `result.json`
  /// and rebuilds its `index.html` (the sheet's history section); returns the result as stored.
  func append(run outcome: RunPipeline.Outcome, console: Console) -> RunResult {
    var result = outcome.result
    guard let store = append(.run(result, commit: .build), console: console) else { return result }
    do {
      result.history = try HistorySheet.trends(for: result, in: store)
      try AtomicFiles.write(
        try result.encoded(), to: outcome.folder.appendingPathComponent("result.json"))
      try AtomicFiles.write(
        Data(IndexPage.render(result).utf8),
        to: outcome.folder.appendingPathComponent("index.html"))
    } catch {
      console.err("warning: the run sheet's history section was not written: \(error)")
      return outcome.result
    }
    return result
  }
}
