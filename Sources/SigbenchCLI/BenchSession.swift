import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFormats
import SigbenchStrategies

/// What every benchmark-running command shares: the corpus read into a workload, the
/// strategies (reference first), and the in-process measurement.
struct BenchSession {
  let corpusPath: String
  let strategies: [ConfiguredStrategy]
  let workload: BenchWorkload
  let corpus: BenchCorpusInfo
  let rejectedFiles: Int

  /// Reads the corpus (exit 1 when unreadable or empty) and resolves `strategiesText`.
  init(corpus path: String, strategies text: String?) throws {
    corpusPath = path
    strategies = try BenchSession.resolveStrategies(text)
    let loaded: CorpusLoader.Result
    do {
      loaded = try CorpusLoader().load(URL(fileURLWithPath: path))
    } catch {
      throw CommandFailure(
        .toolError, "cannot read corpus '\(path)': \(error.localizedDescription)")
    }
    workload = BenchWorkload(drawings: loaded.drawings)
    guard workload.pointCount > 0 else {
      throw CommandFailure(.toolError, "no ink samples could be read from '\(path)'")
    }
    rejectedFiles = loaded.rejected.count
    corpus = BenchCorpusInfo(
      root: path, drawings: workload.items.count, strokes: workload.strokeCount,
      points: workload.pointCount, checksum: String(loaded.checksum, radix: 16))
  }

  /// `--strategies` resolved like `run` does: the reference strategy always first, then catalog
  /// order; every strategy with default options when `text` is nil.
  static func resolveStrategies(_ text: String?) throws -> [ConfiguredStrategy] {
    guard let text else { return StrategyCatalog.defaults() }
    var list = try StrategyCatalog.configureList(text)
    if !list.contains(where: { $0.label == StrategyCatalog.referenceID }) {
      list.insert(
        try StrategyCatalog.configure(StrategySpec(id: StrategyCatalog.referenceID)), at: 0)
    }
    return list.sorted { a, b in
      let ia = StrategyCatalog.ids.firstIndex(of: a.id)!
      let ib = StrategyCatalog.ids.firstIndex(of: b.id)!
      return ia != ib ? ia < ib : a.label < b.label
    }
  }

  /// The strategies as a spec list a worker can parse back.
  var strategiesText: String { strategies.map(\.label).joined(separator: ",") }

  /// Measures in this process.
  func measure(_ options: BenchOptions, timer: TimerCalibration, console: Console) throws
    -> (figures: [LaneFigures], raw: [PointBenchmark.RawSeries])
  {
    do {
      return try PointBenchmark(options: options, timer: timer).measure(
        strategies, workload: workload, referenceID: StrategyCatalog.referenceID,
        progress: { console.note("timing \($0)") })
    } catch {
      throw CommandFailure(.invalidBenchmark, error.description)
    }
  }

  /// Provenance of this run (git state of the working directory, corpus checksum).
  var provenance: Provenance {
    let git = GitProvenance.read()
    return Provenance(gitCommit: git.commit, gitDirty: git.dirty, corpusChecksum: corpus.checksum)
  }

  static func now() -> String { ISO8601DateFormatter().string(from: Date()) }
}
