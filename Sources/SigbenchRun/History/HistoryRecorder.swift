import Foundation
import SigbenchFiles
import SigbenchHistory
import SigbenchReport
import SigbenchResults

/// Appends what `run`, `bench` and `gate` measured to the history database (`path`; `nil`
/// records nothing). A failed history write is a warning through `progress` and never changes
/// the command's outcome.
public struct HistoryRecorder: Sendable {
  public let path: String?
  /// Whether a symbolic link at `path` is refused: true for the default `<out>/history.sqlite`
  /// (`OutputLinks`), false for a path the user gave with `--history`.
  public let refusesLink: Bool

  public init(path: String?, refusesLink: Bool = false) {
    self.path = path
    self.refusesLink = refusesLink
  }

  /// Appends `record` (one transaction); the open store on success, else `nil` with a warning.
  @discardableResult
  func append(_ record: @autoclosure () -> HistoryRecord, progress: ProgressHandler)
    -> HistoryStore?
  {
    guard let path else { return nil }
    do {
      if refusesLink { try OutputLinks.refuseLink(URL(fileURLWithPath: path)) }
      let store = try HistoryStore(path: path)
      try store.append(record())
      return store
    } catch {
      progress(.warning("warning: history not updated (\(path)): \(error)"))
      return nil
    }
  }

  /// Appends a benchmark; `sweeps`: the swept specs it ran (`bench.json` does not record them),
  /// so the history folds their configurations under them as it does a run's.
  public func append(
    bench report: BenchReport, sweeps: [SweepRecord] = [], progress: ProgressHandler
  ) {
    var record = HistoryRecord.bench(report, commit: .build)
    record.sweeps = SweepRecord.members(of: sweeps)
    append(record, progress: progress)
  }

  public func append(gate report: GateReport, progress: ProgressHandler) {
    append(.gate(report, commit: .build), progress: progress)
  }

  /// Appends a merged run (`merge`) as `append(run:)` appends a run.
  public func append(merge outcome: MergePipeline.Outcome, progress: ProgressHandler)
    -> RunResult
  {
    append(
      run: RunPipeline.Outcome(
        result: outcome.result, folder: outcome.folder, latest: outcome.latest, gateFolder: nil),
      progress: progress)
  }

  /// Appends a finished run, then stores the history of its strategies in its `result.json`
  /// and rebuilds its `index.html` (the sheet's history section); returns the result as stored.
  public func append(run outcome: RunPipeline.Outcome, progress: ProgressHandler) -> RunResult {
    var result = outcome.result
    guard let store = append(.run(result, commit: .build), progress: progress) else {
      return result
    }
    do {
      result.history = try HistorySheet.trends(for: result, in: store)
      try AtomicFiles.write(
        try result.encoded(), to: outcome.folder.appendingPathComponent("result.json"))
      try AtomicFiles.write(
        Data(IndexPage.render(result).utf8),
        to: outcome.folder.appendingPathComponent("index.html"))
    } catch {
      progress(.warning("warning: the run sheet's history section was not written: \(error)"))
      return outcome.result
    }
    return result
  }
}
