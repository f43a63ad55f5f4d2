import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchHistory
import SigbenchReport
import SigbenchResults

/// What `sigbench history` does with the database at `path`: each action returns the lines
/// to print; pipelines never print. Errors are `PipelineError`s with the tool-error kind.
public struct HistoryActions: Sendable {
  /// Which stored series an action reads (`nil`: every one).
  public struct Selection: Sendable {
    public var strategy: String?
    public var lane: String?
    public var metric: String?
    public init(strategy: String?, lane: String?, metric: String?) {
      (self.strategy, self.lane, self.metric) = (strategy, lane, metric)
    }
  }

  public let path: String
  public let selection: Selection
  /// Seed of the step detector's permutation test.
  public let seed: UInt64

  public init(path: String, selection: Selection, seed: UInt64) {
    (self.path, self.selection, self.seed) = (path, selection, seed)
  }

  /// The database, which must exist unless `creating` (import).
  func store(creating: Bool = false) throws(PipelineError) -> HistoryStore {
    if !creating && !FileManager.default.fileExists(atPath: path) {
      throw PipelineError(
        .toolError,
        "no history database at \(path): run, bench and gate write <out>/history.sqlite "
          + "(--out DIR, default Reports); point elsewhere with --out DIR or --history PATH")
    }
    do { return try HistoryStore(path: path) } catch {
      throw PipelineError(.toolError, "\(error)")
    }
  }

  func rows(_ store: HistoryStore) throws(PipelineError) -> [HistoryRow] {
    try checkSelection(store)
    do {
      return try store.rows(
        strategy: selection.strategy, lane: selection.lane, metric: selection.metric)
    } catch { throw PipelineError(.toolError, "\(error)") }
  }

  /// `import`: result files at or below `targets`; the warnings, the summary line, and whether
  /// nothing could be read at all.
  public func importRuns(_ targets: [String]) throws(PipelineError) -> (
    warnings: [String], summary: String, nothingRead: Bool
  ) {
    let o = HistoryImport.run(targets, into: try store(creating: true))
    return (
      o.failed.map { "warning: not imported: \($0.file): \($0.reason)" },
      "imported \(o.added.count) run(s), \(o.alreadyStored.count) already stored, "
        + "\(o.failed.count) unreadable"
        + (o.shardRuns.isEmpty
          ? "" : ", \(o.shardRuns.count) shard run(s) skipped (their merge is stored)")
        + " → \(path)",
      o.added.isEmpty && o.alreadyStored.isEmpty && !o.failed.isEmpty
    )
  }

  /// `list`: one line per stored run.
  public func list(json: Bool) throws(PipelineError) -> [String] {
    let s = try store()
    do { return HistoryTables.list(try s.runs(), json: json) } catch {
      throw PipelineError(.toolError, "\(error)")
    }
  }

  /// `show`: one series in commit order.
  public func show(json: Bool) throws(PipelineError) -> [String] {
    HistoryTables.show(try rows(try store()), json: json)
  }

  /// `export --csv`: every selected figure.
  public func csv() throws(PipelineError) -> String { HistoryCSV.render(try rows(try store())) }

  /// The selected series with their detected steps.
  public func trends() throws(PipelineError) -> HistoryTrends {
    let store = try store()
    var t = HistoryTrendBuilder.build(try rows(store), detector: StepDetector(seed: seed))
    let sweeps = (try? store.sweepConfigurations()) ?? [:]
    t.sweeps = sweeps.isEmpty ? nil : sweeps
    return t
  }

  /// `report -o DIR`: `DIR/index.html` (one chart per series, the steps table) and
  /// `DIR/steps.json`; returns the page's path.
  public func report(to dir: URL) throws -> URL {
    let t = try trends()
    try AtomicFiles.createFolder(dir)
    let page = dir.appendingPathComponent("index.html")
    try AtomicFiles.write(Data(HistorySection.page(t, title: "sigbench history").utf8), to: page)
    try AtomicFiles.write(
      Data(HistoryTables.steps(t, json: true).joined(separator: "\n").utf8),
      to: dir.appendingPathComponent("steps.json"))
    return page
  }
}

extension HistoryActions {
  /// A selected strategy, lane or metric that no stored figure has is a usage error naming the
  /// closest stored name and every stored one (it could only ever give an empty answer).
  func checkSelection(_ store: HistoryStore) throws(PipelineError) {
    let chosen: [(HistoryColumn, String?)] = [
      (.strategy, selection.strategy), (.lane, selection.lane), (.metric, selection.metric),
    ]
    for case (let column, let value?) in chosen {
      let names: [String]
      do { names = try store.stored(column) } catch {
        throw PipelineError(.toolError, "\(error)")
      }
      guard !names.contains(value) else { continue }
      let hint = closestMatch(to: value, in: names).map { " Did you mean '\($0)'?" } ?? ""
      let stored =
        names.isEmpty
        ? "it holds no figures yet" : "stored: \(names.joined(separator: ", "))"
      throw PipelineError(
        .invalidOption, "history: no \(column.rawValue) '\(value)' in \(path).\(hint) (\(stored))")
    }
  }
}
