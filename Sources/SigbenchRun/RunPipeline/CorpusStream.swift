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
/// its own. Results are folded in by drawing index, in corpus order (a reorder buffer holds
/// the drawings finished ahead of an earlier one, and a worker waits before reading a new file
/// while `4 × jobs` finished files wait in it), so they do not depend on `jobs`: quality is
/// aggregated as it streams (`QualityFold`), in the order a single thread would add it.
///
/// The format study needs whole drawings: the first drawings in corpus order are kept while
/// their samples total at most `studySampleBudget`.
///
/// - Complexity: O(files + samples) reading; memory O(jobs × largest file + the entry and
///   packed samples `process` returns per drawing + `studySampleBudget`); quality O(strategies)
///   (plus two figures per strategy for a drawing with a `MotionKey`).
struct CorpusStream {
  /// Samples of the drawings kept whole for the format study: `Corpus/` (37,917) and
  /// `../shared/corpus` (41,154) are studied whole; on a larger corpus the study (about 90 µs
  /// a sample on a loaded 2-core machine) stays a few seconds.
  static let defaultStudySampleBudget = 65_536

  var path: String
  var jobs: Int
  var loader = CorpusLoader()
  var studySampleBudget = CorpusStream.defaultStudySampleBudget
  /// Where the drawings' packed samples go, in corpus order (`Kept.items` stays empty); `nil`
  /// keeps them in `Kept.items`.
  var spool: TimingSpool?
  /// `--shard`: only this shard's drawings are read and measured; each file's record is kept
  /// (`Kept.shardFiles`) and each drawing's figures written to `shardDrawings`.
  var shard: ShardSpec?
  var shardDrawings: ShardDrawingsWriter?

  /// What one drawing gives the run.
  struct Processed: Sendable {
    var entry: SampleEntry
    /// Per strategy, in the run's strategy order.
    var quality: [QualityFigures]
    /// Its packed strokes for the timing phase; `nil` without ink samples.
    var item: BenchWorkload.Item?
    /// `item` encoded for the timing spool (`store` makes it before it takes the lock, and
    /// drops `item`).
    var spooled: TimingSpool.Encoded?
  }

  /// What the run keeps of the corpus.
  struct Kept: Sendable {
    /// Files read, skipped and rejected, warnings, the checksum and every drawing's format;
    /// `drawings` hold each drawing's name, and its metadata until it is folded in (no samples).
    var loaded: CorpusLoader.Result
    var entries: [SampleEntry] = []
    /// Quality per strategy, folded in corpus order.
    var quality: QualityFold
    /// Packed samples per drawing with ink, in corpus order (empty when they were spooled).
    var items: [BenchWorkload.Item] = []
    var strokes = 0
    var points = 0
    /// Drawings kept whole for the format study, and whether they are all of them.
    var study: [Drawing] = []
    var studyComplete = true
    var studySamples = 0
    /// A shard's record of every file, in corpus order (empty without `--shard`).
    var shardFiles: [ShardFileRecord] = []
    /// A shard's drawings: file ordinal and index in the file, by drawing index.
    var shardKeys: [(file: Int, drawing: Int)] = []

    init(loaded: CorpusLoader.Result, qualityLabels: [String] = []) {
      self.loaded = loaded
      quality = QualityFold(labels: qualityLabels)
    }
  }

  /// Finished files that may wait in the reorder buffer per worker.
  static let reorderFilesPerJob = 4

  // The first error (from listing the folder or from `process`) stops the remaining work and
  // is rethrown.

  /// The files to read and the entries the walk left out.
  typealias Plan = (files: [(url: URL, name: String)], skipped: [CorpusLoader.Skipped])

  /// Lists the corpus (throws when the path cannot be read).
  func plan() throws -> Plan { try loader.plan(URL(fileURLWithPath: path)) }

  /// Lists, reads and processes the corpus; `qualityLabels` are the strategies of every
  /// drawing's `Processed.quality`, in order.
  func run(
    qualityLabels: [String] = [],
    process: @escaping @Sendable (Drawing, _ index: Int, _ format: String) throws -> Processed,
    progress: @escaping ProgressHandler
  ) throws -> Kept {
    try run(plan(), qualityLabels: qualityLabels, process: process, progress: progress)
  }

  /// Reads and processes the files of `plan`.
  func run(
    _ plan: Plan, qualityLabels: [String] = [],
    process: @escaping @Sendable (Drawing, _ index: Int, _ format: String) throws -> Processed,
    progress: @escaping ProgressHandler
  ) throws -> Kept {
    for s in plan.skipped { progress(.note("skipped \(s)")) }
    let state = State(
      root: path, skipped: plan.skipped, studyBudget: studySampleBudget,
      qualityLabels: qualityLabels, reorderFiles: Self.reorderFilesPerJob * max(1, jobs),
      spool: spool)
    state.shard = shard
    state.shardDrawings = shardDrawings
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
        state.store(
          done, end: base + part.drawings.count, total: files.count, label: label, progress)
      }
    }
    let kept = state.finish()
    if let error = state.failure { throw error }
    return kept
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

  /// The workers' shared state, behind one lock (a condition: readers wait on the reorder
  /// buffer).
  final class State: @unchecked Sendable {
    let lock = NSCondition()
    var kept: Kept
    var next = 0
    var filesDone = 0
    /// The reorder buffer: drawings finished but not yet folded in, by index.
    var processed: [Int: Processed] = [:]
    /// The next drawing index to fold in.
    var folded = 0
    /// Files registered (drawing indices, checksum and counts taken), in corpus order: the next
    /// file to register is `registered`.
    var registered = 0
    /// Each finished file still in the buffer, by the index after its last drawing.
    var waitingFiles: [Int] = []
    var stopped = false
    /// The spool's first write error (it stops the workers).
    var failure: (any Error)?

    let studyBudget: Int
    let reorderFiles: Int
    let spool: TimingSpool?
    var shard: ShardSpec?
    var shardDrawings: ShardDrawingsWriter?

    init(
      root: String, skipped: [CorpusLoader.Skipped], studyBudget: Int,
      qualityLabels: [String] = [], reorderFiles: Int = 1, spool: TimingSpool? = nil
    ) {
      self.spool = spool
      self.studyBudget = studyBudget
      self.reorderFiles = max(1, reorderFiles)
      kept = Kept(loaded: CorpusLoader.Result(root: root), qualityLabels: qualityLabels)
      kept.loaded.skipped = skipped
    }

    /// Reads the next file (outside the lock; its drawing indices and checksum are taken under
    /// the lock in corpus order); `nil` when none is left. Returns the index of its first drawing and what it held.
    func readNext(
      _ files: [(url: URL, name: String)], _ loader: CorpusLoader, _ progress: ProgressHandler
    ) -> (Int, CorpusLoader.Result)? {
      lock.lock()
      // The file holding the next drawing to fold is being processed by another worker (every
      // file before `next` was handed out), so the buffer drains and the wait ends.
      while waitingFiles.count >= reorderFiles && !stopped { lock.wait() }
      guard next < files.count, !stopped else {
        lock.unlock()
        return nil
      }
      let ticket = next
      next += 1
      var part = CorpusLoader.Result(root: kept.loaded.root)
      // Shard 1 studies the formats over the corpus's first drawings, whichever shard owns
      // them (the single run's study): while the study is open, files are also read whole.
      let studyWhole = shard?.index == 1 && kept.studyComplete
      lock.unlock()
      var whole: CorpusLoader.Result?
      if studyWhole {
        var w = CorpusLoader.Result(root: part.root)
        loader.read(files[ticket].url, name: files[ticket].name, into: &w)
        whole = w
      }
      // Read and decoded outside the lock, in parallel; registered below in corpus order.
      let record = shard.map {
        loader.readShard(
          files[ticket].url, name: files[ticket].name, ordinal: ticket, shard: $0, into: &part)
      }
      if record == nil {
        loader.readDeferringChecksum(files[ticket].url, name: files[ticket].name, into: &part)
      }
      lock.lock()
      defer { lock.unlock() }
      // The files before this one were handed out earlier and their readers register them
      // without waiting for anything else, so this wait ends.
      while registered != ticket && !stopped { lock.wait() }
      guard !stopped else { return nil }
      registered += 1
      lock.broadcast()
      part.checksum = kept.loaded.checksum
      part.hashUnhashed()
      for s in part.skipped { progress(.note("skipped \(s)")) }
      for r in part.rejected { progress(.warning("rejected \(r)")) }
      kept.loaded.checksum = part.checksum
      kept.loaded.filesRead += part.filesRead
      kept.loaded.skipped += part.skipped
      kept.loaded.rejected += part.rejected
      kept.loaded.warnings += part.warnings
      let base = kept.loaded.formatIDs.count
      kept.loaded.formatIDs += part.formatIDs
      if let record {
        kept.shardFiles.append(record)
        kept.shardKeys += part.drawingIndices.map { (ticket, $0) }
      }
      for d in part.drawings {
        kept.loaded.drawings.append(
          Drawing(name: d.name, strokes: [], hover: [], metadata: d.metadata))
        kept.strokes += d.strokes.count
        kept.points += d.sampleCount
      }
      // The format study: a whole run's first drawings; for shard 1, the corpus's first
      // drawings (read whole above), what a whole run studies; for any other shard, nothing.
      let studied = shard == nil ? part.drawings : shard?.index == 1 ? (whole?.drawings ?? []) : []
      if shard != nil, shard?.index != 1 { kept.studyComplete = false }
      for d in studied {
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
      lock.broadcast()
      lock.unlock()
    }

    /// Puts one file's drawings (`end`: the index after its last) in the reorder buffer and
    /// folds in every drawing that is next in corpus order.
    func store(
      _ done: [(Int, Processed)], end: Int, total: Int, label: String,
      _ progress: ProgressHandler
    ) {
      var done = done
      if spool != nil {
        // Encoded here, outside the lock: only the write is serial.
        for k in done.indices {
          guard let item = done[k].1.item else { continue }
          done[k].1.spooled = TimingSpool.encode(item)
          done[k].1.item = nil
        }
      }
      lock.lock()
      defer { lock.unlock() }
      for (i, p) in done { processed[i] = p }
      // A file without drawings (skipped, rejected, or another shard's) holds nothing here:
      // counted, it would fill the buffer while one file is measured (most of a shard's files
      // belong to other shards) and keep the other workers waiting.
      if !done.isEmpty { waitingFiles.append(end) }
      while let p = processed.removeValue(forKey: folded) {
        fold(p, at: folded)
        folded += 1
      }
      waitingFiles.removeAll { $0 <= folded }
      lock.broadcast()
      filesDone += 1
      progress(.advance(label: label, done: filesDone, total: total))
    }

    /// Drawing `index`'s entry, quality and packed copy, kept (or spooled) in corpus order.
    private func fold(_ p: Processed, at index: Int) {
      kept.entries.append(p.entry)
      let metadata = kept.loaded.drawings[index].metadata
      kept.quality.add(p.quality, metadata: metadata)
      if let writer = shardDrawings {
        let key = kept.shardKeys[index]
        do {
          try writer.append(
            ShardDrawingRecord(
              file: key.file, drawing: key.drawing, figures: p.quality,
              motion: MotionKey.read(notes: metadata.notes, sampleRate: metadata.sampleRate),
              entry: p.entry))
        } catch {
          if failure == nil { failure = error }
          stopped = true
        }
      }
      // Folded: its metadata (notes of a few hundred bytes) is not needed again.
      kept.loaded.drawings[index].metadata = DrawingMetadata()
      do {
        if let encoded = p.spooled {
          try spool?.append(encoded)
        } else if let item = p.item {
          guard let spool else { return kept.items.append(item) }
          try spool.append(item)
        }
      } catch {
        if failure == nil { failure = error }
        stopped = true
      }
    }

    func finish() -> Kept {
      lock.lock()
      defer { lock.unlock() }
      // Without an error every drawing was folded in; this keeps `finish` total.
      for i in processed.keys.sorted() { fold(processed[i]!, at: i) }
      processed = [:]
      return kept
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
