import Dispatch
import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFormats
import SigbenchResults

/// The corpus as `run` reads it: file by file, each drawing handed to `process` (pictures,
/// metrics, quality, its packed copy for the timing phase) and then dropped, so memory holds
/// only what results need, never the corpus itself.
///
/// `jobs` worker threads share the work (`BoundedWorkers`). A worker takes the next file in
/// corpus order and reads it under a lock, which fixes each drawing's index, the checksum and
/// the order of notes exactly as one thread would; it then processes that file's drawings on
/// its own. Results are stored by drawing index, so they do not depend on `jobs`.
///
/// The format study needs whole drawings: the first drawings in corpus order are kept while
/// their samples total at most `studySampleBudget`.
///
/// - Complexity: O(files + samples) reading; memory O(jobs × largest file + what `process`
///   returns per drawing + `studySampleBudget`).
struct CorpusStream {
  /// Samples of the drawings kept whole for the format study: `Corpus/` (37,917) and
  /// `../shared/corpus` (41,154) are studied whole; on a larger corpus the study (about 90 µs
  /// a sample on a loaded 2-core machine) stays a few seconds.
  static let defaultStudySampleBudget = 65_536

  var path: String
  var jobs: Int
  var loader = CorpusLoader()
  var studySampleBudget = CorpusStream.defaultStudySampleBudget

  /// What one drawing gives the run.
  struct Processed: Sendable {
    var entry: SampleEntry
    /// Per strategy, in the run's strategy order.
    var quality: [QualityFigures]
    /// Its packed strokes for the timing phase; `nil` without ink samples.
    var item: BenchWorkload.Item?
  }

  /// What the run keeps of the corpus.
  struct Kept: Sendable {
    /// Files read, skipped and rejected, warnings, the checksum and every drawing's format;
    /// `drawings` hold each drawing's name and metadata only (no samples).
    var loaded: CorpusLoader.Result
    var entries: [SampleEntry] = []
    /// `quality[drawing][strategy]`.
    var quality: [[QualityFigures]] = []
    var items: [BenchWorkload.Item] = []
    var strokes = 0
    var points = 0
    /// Drawings kept whole for the format study, and whether they are all of them.
    var study: [Drawing] = []
    var studyComplete = true
    var studySamples = 0
  }

  // The first error (from listing the folder or from `process`) stops the remaining work and
  // is rethrown.

  /// The files to read and the entries the walk left out.
  typealias Plan = (files: [(url: URL, name: String)], skipped: [CorpusLoader.Skipped])

  /// Lists the corpus (throws when the path cannot be read).
  func plan() throws -> Plan { try loader.plan(URL(fileURLWithPath: path)) }

  /// Lists, reads and processes the corpus.
  func run(
    process: @escaping @Sendable (Drawing, _ index: Int, _ format: String) throws -> Processed,
    progress: @escaping ProgressHandler
  ) throws -> Kept {
    try run(plan(), process: process, progress: progress)
  }

  /// Reads and processes the files of `plan`.
  func run(
    _ plan: Plan,
    process: @escaping @Sendable (Drawing, _ index: Int, _ format: String) throws -> Processed,
    progress: @escaping ProgressHandler
  ) throws -> Kept {
    for s in plan.skipped { progress(.note("skipped \(s)")) }
    let state = State(root: path, skipped: plan.skipped, studyBudget: studySampleBudget)
    let files = plan.files
    let loader = loader
    let label = "reading and measuring files"
    try BoundedWorkers.run(jobs: jobs) {
      while let (base, part) = state.readNext(files, loader, progress) {
        var done: [(Int, Processed)] = []
        do {
          for (k, d) in part.drawings.enumerated() {
            done.append((base + k, try process(d, base + k, part.formatIDs[k])))
          }
        } catch {
          state.stop()
          throw error
        }
        state.store(done, total: files.count, label: label, progress)
      }
    }
    return state.finish()
  }

  /// Reads every file once and keeps nothing but what was skipped or rejected: `--strict`
  /// checks the corpus before any work with it.
  func check(progress: ProgressHandler) throws -> CorpusLoader.Result {
    let plan = try loader.plan(URL(fileURLWithPath: path))
    var result = CorpusLoader.Result(root: path)
    result.skipped = plan.skipped
    for f in plan.files {
      var part = CorpusLoader.Result(root: path)
      loader.read(f.url, name: f.name, into: &part)
      result.filesRead += part.filesRead
      result.skipped += part.skipped
      result.rejected += part.rejected
    }
    for s in result.skipped { progress(.note("skipped \(s)")) }
    for r in result.rejected { progress(.warning("rejected \(r)")) }
    return result
  }

  /// The workers' shared state, behind one lock.
  final class State: @unchecked Sendable {
    let lock = NSLock()
    var kept: Kept
    var next = 0
    var filesDone = 0
    var processed: [Int: Processed] = [:]
    var stopped = false

    let studyBudget: Int

    init(root: String, skipped: [CorpusLoader.Skipped], studyBudget: Int) {
      self.studyBudget = studyBudget
      kept = Kept(loaded: CorpusLoader.Result(root: root))
      kept.loaded.skipped = skipped
    }

    /// Reads the next file (under the lock, so indices and the checksum follow corpus order);
    /// `nil` when none is left. Returns the index of its first drawing and what it held.
    func readNext(
      _ files: [(url: URL, name: String)], _ loader: CorpusLoader, _ progress: ProgressHandler
    ) -> (Int, CorpusLoader.Result)? {
      lock.lock()
      defer { lock.unlock() }
      guard next < files.count, !stopped else { return nil }
      let f = files[next]
      next += 1
      var part = CorpusLoader.Result(root: kept.loaded.root)
      part.checksum = kept.loaded.checksum
      loader.read(f.url, name: f.name, into: &part)
      for s in part.skipped { progress(.note("skipped \(s)")) }
      for r in part.rejected { progress(.warning("rejected \(r)")) }
      kept.loaded.checksum = part.checksum
      kept.loaded.filesRead += part.filesRead
      kept.loaded.skipped += part.skipped
      kept.loaded.rejected += part.rejected
      kept.loaded.warnings += part.warnings
      let base = kept.loaded.formatIDs.count
      kept.loaded.formatIDs += part.formatIDs
      for d in part.drawings {
        kept.loaded.drawings.append(
          Drawing(name: d.name, strokes: [], hover: [], metadata: d.metadata))
        kept.strokes += d.strokes.count
        kept.points += d.sampleCount
        if kept.studyComplete && kept.studySamples + d.sampleCount <= studyBudget {
          kept.study.append(d)
          kept.studySamples += d.sampleCount
        } else {
          kept.studyComplete = false
        }
      }
      return (base, part)
    }

    /// Stops the other workers after an error (each finishes the file it holds).
    func stop() {
      lock.lock()
      stopped = true
      lock.unlock()
    }

    func store(
      _ done: [(Int, Processed)], total: Int, label: String, _ progress: ProgressHandler
    ) {
      lock.lock()
      defer { lock.unlock() }
      for (i, p) in done { processed[i] = p }
      filesDone += 1
      progress(.advance(label: label, done: filesDone, total: total))
    }

    func finish() -> Kept {
      lock.lock()
      defer { lock.unlock() }
      var k = kept
      for i in 0..<k.loaded.formatIDs.count {
        guard let p = processed.removeValue(forKey: i) else { continue }
        k.entries.append(p.entry)
        k.quality.append(p.quality)
        if let item = p.item { k.items.append(item) }
      }
      return k
    }
  }
}

/// Runs `body` on `jobs` worker threads at most (fewer when the machine has fewer cores: the
/// threads come from Dispatch's pool, `concurrentPerform`), each until it returns; the first
/// error is rethrown after every worker has stopped. `jobs == 1` runs on the calling thread.
enum BoundedWorkers {
  final class Failure: @unchecked Sendable {
    let lock = NSLock()
    var error: (any Error)?
  }

  static func run(jobs: Int, _ body: @escaping @Sendable () throws -> Void) throws {
    let failure = Failure()
    DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
      failure.lock.lock()
      let stop = failure.error != nil
      failure.lock.unlock()
      if stop { return }
      do { try body() } catch {
        failure.lock.lock()
        if failure.error == nil { failure.error = error }
        failure.lock.unlock()
      }
    }
    if let e = failure.error { throw e }
  }
}
