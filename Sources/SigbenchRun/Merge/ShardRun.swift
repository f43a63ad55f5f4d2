import Dispatch
import Foundation
import SigbenchFiles
import SigbenchResults

/// A finished shard run folder as `merge` reads it: its result, its ledger (`shard.json`) and
/// its per-drawing figures (`shard-drawings.bin`, mapped and indexed).
///
/// The result's sample entries are not decoded: `entries` finds each one's text in
/// `result.json`, which the merge passes through unchanged (a plain entry's value comes with its
/// drawing's record), and `result` is the rest of the file, its `samples` empty. Decoding the
/// entries and encoding them again was most of a merge's time.
struct ShardRun: Sendable {
  /// The folder as given, and with links resolved.
  var given: String
  var run: LoadedRun
  var ledger: ShardLedger
  /// The text of each sample entry of `result.json`, in order.
  var entries: RawArrayMember
  /// The per-drawing records (`shard-drawings.bin`), indexed.
  var drawings: ShardDrawingFile

  var info: ShardInfo { ledger.info }
  /// The result without its samples (`entries` holds them).
  var result: RunResult { run.result }
  var folder: URL { run.folder }
  var build: String { TimingGroup.buildKey(result.provenance) }
  /// The number of sample entries in `result.json`.
  var sampleCount: Int { entries.entries.count }
  var resultFile: URL { folder.appendingPathComponent("result.json") }

  /// Reads `path`: a run folder whose result records a shard. A folder that is not a run, or a
  /// run that is not a shard, is a usage error naming it (the arguments are wrong).
  static func load(_ path: String) throws(PipelineError) -> ShardRun {
    let run: LoadedRun
    let entries: RawArrayMember
    do throws(PipelineError) {
      let (folder, file, data) = try LoadedRun.read(path)
      do { entries = try RawArrayMember(data) } catch {
        throw PipelineError(.toolError, "\(file.path) is not a sigbench result: \(error)")
      }
      run = LoadedRun(folder: folder, result: try LoadedRun.decode(entries.shell, file: file))
    } catch {
      throw PipelineError(.invalidOption, "\(path): \(error.message)")
    }
    guard let info = run.result.shard else {
      throw PipelineError(
        .invalidOption,
        "\(path) is not a shard run (its result.json has no 'shard' member: it was not made "
          + "with 'run --shard I/N')")
    }
    let file = run.folder.appendingPathComponent(ShardLedger.fileName)
    let ledger: ShardLedger
    do {
      ledger = try ShardLedger.decodeWithoutNames(BoundedRead.data(file, limit: 1 << 30))
    } catch {
      throw PipelineError(
        .toolError, "shard \(info.spec) (\(path)): cannot read \(file.path): \(error)")
    }
    guard ledger.info == info else {
      throw PipelineError(
        .toolError,
        "shard \(info.spec) (\(path)): \(ShardLedger.fileName) does not describe this run "
          + "(shard \(ledger.info.spec), manifest \(ledger.info.manifestDigest.prefix(12)))")
    }
    let drawings = try ShardDrawingFile(
      url: run.folder.appendingPathComponent(ShardLedger.drawingsFileName), shard: info.spec)
    return ShardRun(given: path, run: run, ledger: ledger, entries: entries, drawings: drawings)
  }

  /// The corpus's file names from this shard's ledger (`load` leaves them out: every shard
  /// lists the same names, which the manifest digest vouches for, so a merge reads one list).
  func names() throws(PipelineError) -> [String] {
    let file = folder.appendingPathComponent(ShardLedger.fileName)
    let names: [String]
    do {
      names = try ShardLedger.decodeNames(BoundedRead.data(file, limit: 1 << 30))
    } catch {
      throw PipelineError(
        .toolError, "shard \(info.spec) (\(given)): cannot read \(file.path): \(error)")
    }
    guard names.count == info.manifestFiles else {
      throw PipelineError(
        .toolError,
        "shard \(info.spec) (\(given)): \(ShardLedger.fileName) names \(names.count) files; its "
          + "manifest lists \(info.manifestFiles)")
    }
    return names
  }

  /// Sample entry `j` of `result.json`, decoded, its paths checked inside the folder (as
  /// `LoadedRun.load` checks a whole result's).
  func decodedEntry(_ j: Int) throws(PipelineError) -> SampleEntry {
    let entry: SampleEntry
    do { entry = try JSONDecoder().decode(SampleEntry.self, from: entries.entry(j)) } catch {
      throw PipelineError(
        .toolError,
        "shard \(info.spec) (\(given)): \(resultFile.path): samples[\(j)] (byte "
          + "\(entries.entries[j].lowerBound)) is not a sample entry: \(error)")
    }
    do { try RunResult.check(entry.namedPaths(field: "samples[\(j)]"), in: folder) } catch {
      throw PipelineError(
        .toolError,
        "shard \(info.spec) (\(given)): \(resultFile.path): \(SystemErrorText.reason(error))")
    }
    return entry
  }

  /// `load` of every path, on as many threads as the machine has cores (decoding the results
  /// and ledgers is much of a merge's time); the first failure in argument order is thrown.
  static func loadAll(_ paths: [String]) throws(PipelineError) -> [ShardRun] {
    final class Slots: @unchecked Sendable {
      let lock = NSLock()
      var loaded: [Result<ShardRun, PipelineError>?]
      init(_ n: Int) { loaded = Array(repeating: nil, count: n) }
    }
    let slots = Slots(paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { i in
      let r = Result { () throws(PipelineError) -> ShardRun in try load(paths[i]) }
      slots.lock.lock()
      slots.loaded[i] = r
      slots.lock.unlock()
    }
    return try slots.loaded.map { (r) throws(PipelineError) -> ShardRun in try r!.get() }
  }
}
