import Dispatch
import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFiles
import SigbenchReport
import SigbenchResults

/// `sigbench merge SHARD_RUN...` as library code: shard runs of one corpus joined into one run
/// folder and one sheet, equal to a single run over the whole corpus in everything but timing.
///
/// - Checks first (`MergeChecks`): refusals name the shard and its folder.
/// - The corpus's files as a single run saw them (`CorpusReconciliation`).
/// - The drawings in corpus order: the shards' per-drawing records (each shard's in its own
///   corpus order) merged by (file, drawing) through a heap (`CorpusOrder`), in two passes at
///   once: one folds each drawing's figures in through the one pooling rule (`QualityFold`, as
///   `run` folds them), so every quality figure is the single run's to the bit; the other takes
///   each drawing's entry from its shard.
/// - The entries' text passes through: a plain entry's value comes with its drawing's record
///   and its text from the shard's `result.json` (`RawArrayMember`), neither decoded nor
///   encoded again; an entry with pictures is decoded, renumbered, its pictures linked (or
///   copied) under the new number, and encoded.
/// - The format study is shard 1's: shard 1 studies the corpus's first drawings in corpus order
///   whichever shard owns them, which is the single run's study; without shard 1 there is none.
/// - Timing and counters by machine and build (`ShardTiming`).
/// - `result.json` is written while the sheet is rendered.
///
/// Never prints; reports through `progress`.
///
/// - Complexity: O(D log N) for D drawings and N shards, plus the pictures' links; memory
///   O(entries) as a run holds them, plus the shards' `result.json` text (their entries) and
///   their drawing files, mapped (the system pages them in and out).
public struct MergePipeline: Sendable {
  public var shardFolders: [String]
  public var out: String
  public var allowPartial = false
  public var commandLine: [String] = []
  public var progress: ProgressHandler

  public init(
    shardFolders: [String], out: String, progress: @escaping ProgressHandler = ignoreProgress
  ) {
    self.shardFolders = shardFolders
    self.out = out
    self.progress = progress
  }

  /// What the merge produced.
  public struct Outcome: Sendable {
    public var result: RunResult
    public var folder: URL
    public var latest: URL
  }

  public func run(started: Date = Date()) throws -> Outcome {
    var shards = try ShardRun.loadAll(shardFolders)
    let missing = try MergeChecks.check(&shards, allowPartial: allowPartial)
    let count = shards[0].info.count
    progress(
      .note(
        "merging \(counted(shards.count, "shard")) of \(count)"
          + (missing.isEmpty
            ? "" : " (missing: \(missing.map(String.init).joined(separator: ", ")))")))
    let files = try CorpusReconciliation(shards)
    let folder = Self.freshFolder(out: URL(fileURLWithPath: out), started: started)
    try folder.begin()
    let drawn = try mergeDrawings(shards, files: files, into: folder)
    var merged = drawn.samples
    let first = shards[0]
    let groups = ShardTiming.groups(shards)
    let manifest = "manifest-sha256:\(first.info.manifestDigest)"
    let corpus = CorpusSummary(
      root: first.result.corpus.root, filesRead: files.filesRead,
      drawings: merged.entries.count, strokes: merged.strokes, points: merged.points,
      formats: merged.formats, skipped: files.skipped, rejected: files.rejected,
      warnings: files.warnings)
    let bench = ShardTiming.report(
      groups[0],
      corpus: BenchCorpusInfo(
        root: corpus.root, drawings: corpus.drawings, strokes: corpus.strokes,
        points: corpus.points, checksum: manifest))
    var provenance = groups[0][0].result.provenance
    provenance.corpusChecksum = manifest
    var result = RunResult(
      tool: ToolInfo.name, runID: folder.runID, createdAt: RunFolder.timestamp(started),
      commandLine: commandLine, machine: groups[0][0].result.machine, provenance: provenance,
      corpus: corpus, strategies: first.result.strategies, samples: merged.entries, bench: bench)
    merged.entries = []
    let texts = merged.texts
    merged.texts = []
    result.quality = drawn.quality.result()
    let shard1 = shards.first { $0.info.index == 1 }
    if var study = shard1?.result.formatStudyFigures {
      if study.corpusDrawings != nil { study.corpusDrawings = corpus.drawings }
      result.formatStudyFigures = study
    }
    result.merge = MergeInfo(
      count: count,
      shards: shards.map {
        MergedShard(
          index: $0.info.index, runID: $0.result.runID, folder: $0.given,
          machine: $0.result.machine, build: $0.build, drawings: $0.info.drawings,
          contentChecksum: $0.info.contentChecksum, createdAt: $0.result.createdAt)
      }, missing: missing, manifestDigest: first.info.manifestDigest,
      manifestFiles: first.info.manifestFiles, manifestBytes: first.info.manifestBytes,
      formatStudySource: shard1 == nil
        ? "none: shard 1, which studies the corpus's first drawings, is missing"
        : "shard 1/\(count), which studies the corpus's first drawings in corpus order whichever "
          + "shard owns them (a single run's study)",
      timingGroups: groups.map {
        TimingGroup(
          shards: $0.map(\.info.index), machine: $0[0].result.machine, build: $0[0].build,
          figures: ShardTiming.pooled($0))
      }, countersSource: ShardTiming.countersSource(main: groups[0], all: shards))
    if !files.unknown.isEmpty {
      progress(
        .warning(
          "\(counted(files.unknown.count, "file")) opened by no merged shard (their owners are "
            + "missing): \(files.unknown.prefix(5).joined(separator: ", "))"
            + (files.unknown.count > 5 ? ", …" : "")))
    }
    progress(.note("writing the report"))
    // result.json (the entries' texts, most of the bytes) is written on another thread while
    // this one renders the sheet and the bench files.
    let written = Background { [result] in
      try result.write(to: folder.partial.appendingPathComponent("result.json"), entries: texts)
    }
    do {
      try BenchPipeline.write(
        result.bench, raw: [], to: folder.partial,
        appendix: QualityMarkdown.render(result) + SweepMarkdown.render(result))
      try ReportWriter.write(result, to: folder.partial)
    } catch {
      _ = try? written.value()
      throw error
    }
    try written.value()
    try folder.commit()
    return Outcome(result: result, folder: folder.final, latest: folder.latest)
  }

  /// The run folder for a merge started at `started`: its id, with `-2`, `-3`, … when a merge
  /// of the same second and process already finished (a merge can take well under a second).
  static func freshFolder(out: URL, started: Date) -> RunFolder {
    let base = RunFolder.makeID(started)
    var folder = RunFolder(out: out, runID: base)
    var k = 2
    while FileManager.default.fileExists(atPath: folder.final.path) {
      folder.runID = "\(base)-\(k)"
      k += 1
    }
    return folder
  }

  /// What the drawings' entries give the merged run (their figures go to a `QualityFold`).
  struct MergedSamples {
    var entries: [SampleEntry] = []
    /// Each entry's text for `result.json` (`RunResult.write(to:entries:)`): the shard's own
    /// text, or the renumbered entry encoded again.
    var texts: [Data] = []
    var strokes = 0
    var points = 0
    var formats: [String: Int] = [:]
    /// Drawings left out: their file was rejected by a shard that read it.
    var dropped = 0
  }

  /// The drawings of every shard in corpus order (`CorpusOrder`), in two passes over that
  /// order that run at once, each reading the records where they lie in the shards' mapped
  /// files: here, their figures folded in through the one pooling rule (`QualityFold`, into
  /// one reused set of figures, so the fold allocates nothing); on another thread, their
  /// sample entries, renumbered, their pictures linked under the new numbers.
  ///
  /// (Decoding batches of whole records on other threads while this one folded them was
  /// slower: every record's figure sets were allocated, handed across threads and freed.
  /// Folding each strategy on its own thread was slower too: the threads retained the same
  /// arrays.)
  func mergeDrawings(_ shards: [ShardRun], files: CorpusReconciliation, into folder: RunFolder)
    throws -> (samples: MergedSamples, quality: QualityFold)
  {
    let labels = shards[0].result.strategies.map(\.label)
    let drawings = shards.map(\.drawings)
    for (k, s) in shards.enumerated() {
      let d = drawings[k]
      let why =
        if d.count != s.sampleCount {
          "\(d.count) drawing records for \(s.sampleCount) samples in result.json"
        } else if d.strategies != labels.count {
          "\(ShardLedger.drawingsFileName) holds \(d.strategies) figure sets a drawing for "
            + "\(labels.count) strategies"
        } else if let j = d.places.firstIndex(where: { !files.verdicts.indices.contains($0.file) })
        {
          "drawing record \(j + 1) names file \(d.places[j].file) of \(files.verdicts.count)"
        } else {
          ""
        }
      guard why.isEmpty else {
        throw PipelineError(.toolError, "shard \(s.info.spec) (\(s.given)): \(why)")
      }
    }
    let samples = Background { try self.samples(shards, files: files, into: folder) }
    var quality = QualityFold(labels: labels)
    var figures: [QualityFigures] = []
    let folded = Result { () throws(PipelineError) in
      for (k, j) in CorpusOrder(drawings) where files.keeps(file: drawings[k].places[j].file) {
        let motion = try drawings[k].figures(j, into: &figures)
        quality.add(figures, key: motion)
      }
    }
    let merged = try samples.value()
    try folded.get()
    if merged.dropped > 0 {
      progress(
        .note(
          "left out \(counted(merged.dropped, "drawing")) of files another shard found "
            + "malformed (a single run rejects the whole file)"))
    }
    return (merged, quality)
  }

  /// The sample entries of `mergeDrawings`, in corpus order. A plain entry comes with its
  /// record and names no picture: its text in the shard's `result.json` passes through. Any
  /// other is decoded from there, renumbered and, when that changed it, encoded again.
  private func samples(
    _ shards: [ShardRun], files: CorpusReconciliation, into folder: RunFolder
  ) throws(PipelineError) -> MergedSamples {
    var merged = MergedSamples()
    let drawings = shards.map(\.drawings)
    let entries = shards.map(\.entries)
    for (k, j) in CorpusOrder(drawings) {
      guard files.keeps(file: drawings[k].places[j].file) else {
        merged.dropped += 1
        continue
      }
      var text = entries[k].entry(j)
      let entry: SampleEntry
      if let plain = try drawings[k].entry(j) {
        entry = plain
      } else {
        let decoded = try shards[k].decodedEntry(j)
        do {
          entry = try renumber(
            decoded, from: j, to: merged.entries.count, shard: shards[k], into: folder)
          if entry != decoded { text = try RunResult.encodedEntry(entry) }
        } catch {
          throw PipelineError(
            .toolError,
            "shard \(shards[k].info.spec) (\(shards[k].given)): samples[\(j)]: "
              + SystemErrorText.reason(error))
        }
      }
      merged.entries.append(entry)
      merged.texts.append(text)
      merged.strokes += entry.strokes
      merged.points += entry.points
      merged.formats[entry.format, default: 0] += 1
    }
    return merged
  }

  /// `entry` (drawing `old` of shard `shard`) as drawing `new` of the merged run: every picture
  /// and page path renumbered, and its picture folder linked (copied across file systems).
  func renumber(
    _ entry: SampleEntry, from old: Int, to new: Int, shard: ShardRun, into folder: RunFolder
  ) throws -> SampleEntry {
    guard !entry.rawImage.isEmpty || entry.page != nil else { return entry }
    let slug = RunFolder.slug(entry.name)
    let (a, b) = (String(format: "%04d", old), String(format: "%04d", new))
    let rename = { (path: String) -> String in
      for prefix in ["img/", "samples/"] where path.hasPrefix(prefix + a + "-") {
        return prefix + b + "-" + path.dropFirst(prefix.count + a.count + 1)
      }
      return path
    }
    var e = entry
    e.rawImage = rename(e.rawImage)
    e.images = e.images.mapValues(rename)
    if var p = e.page {
      p.path = rename(p.path)
      p.rawOverlay = rename(p.rawOverlay)
      p.large = p.large.mapValues(rename)
      p.midStroke = p.midStroke.mapValues(rename)
      p.endCrop = p.endCrop.mapValues(rename)
      p.cornerCrop = p.cornerCrop.mapValues(rename)
      e.page = p
    }
    let source = shard.folder.appendingPathComponent("img/\(a)-\(slug)")
    if FileManager.default.fileExists(atPath: source.path) {
      try PictureLinks.link(
        folder: source, to: folder.partial.appendingPathComponent("img/\(b)-\(slug)"))
    }
    return e
  }
}

/// Links every file of a picture folder into a new folder (hard links; a copy where the file
/// systems differ).
enum PictureLinks {
  static func link(folder source: URL, to target: URL) throws {
    let fm = FileManager.default
    try fm.createDirectory(at: target, withIntermediateDirectories: true)
    for name in try fm.contentsOfDirectory(atPath: source.path) {
      let from = source.appendingPathComponent(name)
      let to = target.appendingPathComponent(name)
      do { try fm.linkItem(at: from, to: to) } catch { try fm.copyItem(at: from, to: to) }
    }
  }
}

/// The shards' drawings in corpus order, as (shard, record) pairs: by (file, drawing), then
/// shard, through a heap over each shard's next record.
///
/// - Complexity: O(log N) a drawing for N shards.
struct CorpusOrder: Sequence, IteratorProtocol {
  private let drawings: [ShardDrawingFile]
  private var heap = ShardHeap()

  init(_ drawings: [ShardDrawingFile]) {
    self.drawings = drawings
    for (k, d) in drawings.enumerated() where d.count > 0 {
      heap.push(.init(file: d.places[0].file, drawing: d.places[0].drawing, shard: k, record: 0))
    }
  }

  mutating func next() -> (shard: Int, record: Int)? {
    guard let head = heap.pop() else { return nil }
    let (k, j) = (head.shard, head.record)
    if j + 1 < drawings[k].count {
      let next = drawings[k].places[j + 1]
      heap.push(.init(file: next.file, drawing: next.drawing, shard: k, record: j + 1))
    }
    return (k, j)
  }
}

/// Work started on a thread of its own when made; `value()` waits for it.
final class Background<T: Sendable>: @unchecked Sendable {
  private let done = DispatchGroup()
  /// Written once on the work's thread before `done` is left; read after waiting on it.
  private var result: Result<T, any Error>?

  init(_ work: @escaping @Sendable () throws -> T) {
    done.enter()
    DispatchQueue.global().async {
      self.result = Result { try work() }
      self.done.leave()
    }
  }

  func value() throws -> T {
    done.wait()
    return try result!.get()
  }
}

/// A binary min-heap of the shards' next drawings, by (file, drawing), then shard.
struct ShardHeap {
  struct Item {
    var file: Int
    var drawing: Int
    var shard: Int
    /// The record's index in its shard.
    var record: Int
    func precedes(_ o: Item) -> Bool { (file, drawing, shard) < (o.file, o.drawing, o.shard) }
  }

  private var items: [Item] = []

  mutating func push(_ item: Item) {
    items.append(item)
    var i = items.count - 1
    while i > 0 {
      let parent = (i - 1) / 2
      guard items[i].precedes(items[parent]) else { break }
      items.swapAt(i, parent)
      i = parent
    }
  }

  mutating func pop() -> Item? {
    guard !items.isEmpty else { return nil }
    items.swapAt(0, items.count - 1)
    let top = items.removeLast()
    var i = 0
    while true {
      let (l, r) = (2 * i + 1, 2 * i + 2)
      var m = i
      if l < items.count, items[l].precedes(items[m]) { m = l }
      if r < items.count, items[r].precedes(items[m]) { m = r }
      if m == i { break }
      items.swapAt(i, m)
      i = m
    }
    return top
  }
}
