import Foundation
import SigbenchCore
import SigbenchHistory
import SigbenchResults
import SigbenchTestSupport
import Testing

@testable import SigbenchRun

/// Issue #48: `run --shard I/N` reads only its drawings; `merge` joins shard runs into one run
/// equal to a single run over the whole corpus (quality, drawings, pictures, warnings, format
/// study), pools timing only within one machine and build, and refuses what does not fit.
@Suite("shards and merge", .serialized)
struct ShardMergeTests {
  static let corpus = packageRootURL().appendingPathComponent("Corpus").path
  static let fixtures = RunPipelineTests.fixtures
  /// Strategies whose figures cover every pooling path: churn (catmull-rom, sigbench-smooth),
  /// widths that vary with speed (uber-weighted) and the reference. Kept to three: each shard
  /// run of a debug build times every strategy on synthetic strokes of up to 10,000 points.
  /// `scripts/shard-check.sh` repeats the comparison with every default strategy, in release.
  static let strategies = "catmull-rom,uber-weighted,sigbench-smooth"

  /// The small corpus most tests share (two copies of five fixtures and an unsupported file),
  /// its single run and its three shard runs, made once.
  struct Small: Sendable {
    var root: URL
    var corpus: URL
    var single: URL
    var shards: [URL]
  }

  static let small = Result { () throws -> Small in
    let root = temp("small")
    let corpus = try StreamedRunTests.corpus(copies: 2)
    let single = try run(corpus.path, out: root.appendingPathComponent("single")).folder
    return Small(
      root: root, corpus: corpus, single: single,
      shards: try shards(corpus.path, count: 3, root: root))
  }

  static func temp(_ tag: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-shard-\(tag)-\(UUID().uuidString)")
  }

  static func settings(out: URL, shard: ShardSpec?, pictures: Bool) throws -> RunSettings {
    var s = RunSettings(strategies: try StrategyResolver.resolve(strategies, reference: .added))
    s.out = out.path
    s.bench.counters = false
    s.bench.timedPointBudget = 100
    s.drawPictures = pictures
    s.shard = shard
    s.jobs = 2
    return s
  }

  static func run(_ corpus: String, out: URL, shard: ShardSpec? = nil, pictures: Bool = false)
    throws -> RunPipeline.Outcome
  {
    try RunPipeline(settings: settings(out: out, shard: shard, pictures: pictures)).run(
      corpusAt: corpus)
  }

  /// Every shard of an N-way split, each into its own output folder under `root`.
  static func shards(_ corpus: String, count: Int, root: URL, pictures: Bool = false) throws
    -> [URL]
  {
    try (1...count).map { i in
      try run(
        corpus, out: root.appendingPathComponent("s\(count)-\(i)"),
        shard: try ShardSpec(index: i, count: count), pictures: pictures
      ).folder
    }
  }

  static func merge(_ folders: [URL], out: URL, allowPartial: Bool = false) throws
    -> MergePipeline.Outcome
  {
    var m = MergePipeline(shardFolders: folders.map(\.path), out: out.path)
    m.allowPartial = allowPartial
    return try m.run()
  }

  /// The format study's figures without its timings (machine-bound): byte counts, round-trip
  /// errors, drawings, samples.
  static func studyFigures(_ r: RunResult) throws -> String {
    guard let study = r.formatStudyFigures else { return "none" }
    let json = try JSONSerialization.jsonObject(with: try ResultJSON.encode(study))
    func strip(_ v: Any) -> Any {
      if let d = v as? [String: Any] {
        return d.filter { k, _ in
          !["Ns", "Timing", "timing", "PerSecond", "MBps", "warmup", "timedPasses"].contains {
            k.contains($0)
          }
        }.mapValues(strip)
      }
      if let a = v as? [Any] { return a.map(strip) }
      return v
    }
    let data = try JSONSerialization.data(withJSONObject: strip(json), options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// What must equal a single run's: quality, the drawings' entries, the corpus summary and
  /// the format study's figures.
  static func expectEqual(_ merged: RunResult, _ single: RunResult, _ what: String) throws {
    #expect(merged.quality == single.quality, "\(what): quality")
    #expect(merged.samples == single.samples, "\(what): samples")
    #expect(merged.corpus == single.corpus, "\(what): corpus summary")
    #expect(try studyFigures(merged) == studyFigures(single), "\(what): format study")
    #expect(merged.strategies == single.strategies, "\(what): strategies")
  }

  /// The merged `result.json` as written (its entries are the shards' text, passed through)
  /// equals the single run, and the merge's sheet is the one its written result gives: the
  /// entries the merge held were the ones it wrote.
  static func expectWritten(_ merged: MergePipeline.Outcome, _ single: RunResult, _ what: String)
    throws
  {
    let written = try LoadedRun.load(merged.folder.path).result
    try expectEqual(written, single, "\(what), as written")
    #expect(written.samples == merged.result.samples, "\(what): entries held and written")
    let copy = temp("sheet")
    defer { try? FileManager.default.removeItem(at: copy) }
    try FileManager.default.copyItem(at: merged.folder, to: copy)
    try ReportWriter.write(written, to: copy)
    let pages = FileManager.default.subpaths(atPath: merged.folder.path)!.filter {
      $0.hasSuffix(".html")
    }
    #expect(pages.contains("index.html"))
    for page in pages {
      let a = try Data(contentsOf: merged.folder.appendingPathComponent(page))
      let b = try Data(contentsOf: copy.appendingPathComponent(page))
      #expect(a == b, "\(what): \(page) rebuilt from the written result")
    }
  }

  /// Each plain entry a shard's drawing records carry equals its entry in the shard's
  /// `result.json`; every other entry is not plain.
  static func expectRecordEntries(_ shard: URL) throws {
    let samples = try LoadedRun.load(shard.path).result.samples
    let file = try ShardDrawingFile(
      url: shard.appendingPathComponent(ShardLedger.drawingsFileName), shard: shard.path)
    var j = 0
    for i in 0..<file.count {
      let r = try file.record(i)
      if let e = r.entry {
        #expect(e == samples[j], "\(shard.lastPathComponent): record \(j)")
      } else {
        #expect(
          !samples[j].isPlain, "\(shard.lastPathComponent): record \(j) left out a plain entry")
      }
      j += 1
    }
    #expect(j == samples.count)
  }

  @Test("merge of 1, 2 and 5 shards equals a single run over Corpus/ in every quality figure")
  func mergeEqualsSingleRun() throws {
    let root = Self.temp("corpus")
    defer { try? FileManager.default.removeItem(at: root) }
    let single = try Self.run(Self.corpus, out: root.appendingPathComponent("single")).result
    #expect(single.corpus.drawings > 100)
    for n in [1, 2, 5] {
      let folders = try Self.shards(Self.corpus, count: n, root: root)
      let parts = try folders.map { try LoadedRun.load($0.path).result }
      // Disjoint and complete: every drawing in exactly one shard.
      #expect(parts.map { $0.shard?.drawings ?? -1 }.reduce(0, +) == single.corpus.drawings)
      #expect(Set(parts.flatMap { $0.samples.map(\.name) }).count == single.corpus.drawings)
      #expect(parts.allSatisfy { $0.shard?.manifestDigest == parts[0].shard?.manifestDigest })
      // Only shard 1 studies the formats (the corpus's first drawings, whoever owns them).
      #expect(parts.dropFirst().allSatisfy { $0.formatStudyFigures == nil })
      for f in folders { try Self.expectRecordEntries(f) }
      let outcome = try Self.merge(folders, out: root.appendingPathComponent("m\(n)"))
      let merged = outcome.result
      try Self.expectEqual(merged, single, "\(n) shards")
      try Self.expectWritten(outcome, single, "\(n) shards")
      let info = try #require(merged.merge)
      #expect(info.complete && info.count == n && info.shards.map(\.index) == Array(1...n))
      #expect(merged.bench.corpus.checksum == "manifest-sha256:\(info.manifestDigest)")
      #expect(merged.bench.processes == n, "one timing group on one machine: pooled as processes")
    }
  }

  @Test("pictures and sample pages are renumbered in corpus order: a single run's, byte for byte")
  func picturesRenumbered() throws {
    let root = Self.temp("pictures")
    defer { try? FileManager.default.removeItem(at: root) }
    let corpus = try StreamedRunTests.corpus(copies: 2)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let single = try Self.run(
      corpus.path, out: root.appendingPathComponent("single"), pictures: true)
    let folders = try Self.shards(corpus.path, count: 3, root: root, pictures: true)
    let merged = try Self.merge(folders, out: root.appendingPathComponent("m"))
    try Self.expectEqual(merged.result, single.result, "3 shards with pictures")
    try Self.expectWritten(merged, single.result, "3 shards with pictures")
    for f in folders { try Self.expectRecordEntries(f) }
    let files = FileManager.default.subpaths(atPath: single.folder.path + "/img")!.filter {
      $0.hasSuffix(".png")
    }.sorted()
    #expect(files.count > 50)
    for f in files {
      let a = try Data(contentsOf: single.folder.appendingPathComponent("img/" + f))
      let b = try Data(contentsOf: merged.folder.appendingPathComponent("img/" + f))
      #expect(a == b, "img/\(f)")
    }
    let pages = try FileManager.default.contentsOfDirectory(
      atPath: merged.folder.path + "/samples")
    #expect(
      pages.sorted()
        == merged.result.samples.compactMap { $0.page?.path.dropFirst(8) }.map(String.init).sorted()
    )
    #expect(merged.result.corpus.skipped.map(\.file) == ["c0/notes.xyz"])
  }

  /// An ndjson file of `count` Quick, Draw! raw drawings (two strokes each), a blank line after
  /// the third; `bad` lines (0-based drawing indices) are broken JSON.
  static func ndjson(count: Int, bad: Set<Int> = []) -> String {
    var lines: [String] = []
    for i in 0..<count {
      if bad.contains(i) {
        lines.append("{\"key_id\":\"k\(i)\",\"drawing\":[[[0,1],[0")
        continue
      }
      let x0 = i % 7
      let y0 = i % 5
      lines.append(
        "{\"key_id\":\"k\(i)\",\"word\":\"zigzag\",\"drawing\":[[[\(x0),\(x0 + 10),\(x0 + 25)],"
          + "[\(y0),\(y0 + 12),\(y0 + 3)],[0,16,40]],[[\(x0 + 30),\(x0 + 31)],[\(y0 + 8),"
          + "\(y0 + 30)],[200,216]]]}")
      if i == 2 { lines.append("") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(
    "an ndjson file splits by drawing: a shard parses only its own lines; a bad line rejects the whole file in the merge, as in a single run"
  )
  func ndjsonSplitsByDrawing() throws {
    let root = Self.temp("ndjson")
    defer { try? FileManager.default.removeItem(at: root) }
    let corpus = root.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try Data(Self.ndjson(count: 40).utf8).write(to: corpus.appendingPathComponent("a.ndjson"))
    // Drawing 17's line is broken; the shard that owns it rejects the file, the others read
    // their lines and never see it.
    let owner = ShardSpec.bucket(path: "b.ndjson", drawing: 17, count: 3) + 1
    try Data(Self.ndjson(count: 30, bad: [17]).utf8).write(
      to: corpus.appendingPathComponent("b.ndjson"))
    let single = try Self.run(corpus.path, out: root.appendingPathComponent("single")).result
    #expect(single.corpus.drawings == 40)
    #expect(single.corpus.rejected.map(\.file) == ["b.ndjson"])
    let folders = try Self.shards(corpus.path, count: 3, root: root)
    for (k, folder) in folders.enumerated() {
      let r = try LoadedRun.load(folder.path).result
      let info = try #require(r.shard)
      let ledger = try JSONDecoder().decode(
        ShardLedger.self, from: Data(contentsOf: folder.appendingPathComponent("shard.json")))
      #expect(ledger.names == ["a.ndjson", "b.ndjson"])
      let a = ledger.files[0]
      #expect(a.partial && a.drawingsInFile == 40)
      #expect(
        a.drawings
          == (0..<40).filter { ShardSpec.bucket(path: "a.ndjson", drawing: $0, count: 3) == k })
      #expect(
        info.drawingsPassedOver == 40 - a.drawings.count
          + (ledger.files[1].outcome == .read ? 30 - ledger.files[1].drawings.count : 0))
      #expect(ledger.files[1].outcome == (k + 1 == owner ? .rejected : .read), "shard \(k + 1)")
      if k + 1 == owner { #expect(ledger.files[1].errorLine == 19) }
    }
    let merged = try Self.merge(folders, out: root.appendingPathComponent("m")).result
    try Self.expectEqual(merged, single, "ndjson, 3 shards")
  }

  @Test(
    "refusals name the shard: not a shard run, another split, given twice, missing, another corpus, another build"
  )
  func refusals() throws {
    let small = try Self.small.get()
    let three = small.shards
    let root = Self.temp("refusals")
    defer { try? FileManager.default.removeItem(at: root) }
    let twoOfTwo = try Self.run(
      small.corpus.path, out: root.appendingPathComponent("two"),
      shard: try ShardSpec(index: 2, count: 2)
    ).folder
    let out = root.appendingPathComponent("m")
    func refusal(_ folders: [URL], allowPartial: Bool = false) -> PipelineError? {
      do {
        _ = try Self.merge(folders, out: out, allowPartial: allowPartial)
        return nil
      } catch let e as PipelineError { return e } catch { return nil }
    }
    let notShard = try #require(refusal([three[0], small.single]))
    #expect(notShard.kind == .invalidOption && notShard.message.contains("is not a shard run"))
    #expect(notShard.message.contains(small.single.path))
    let split = try #require(refusal([three[0], twoOfTwo]))
    #expect(split.kind == .invalidOption && split.message.contains("split the corpus differently"))
    let twice = try #require(refusal([three[0], three[0], three[1], three[2]]))
    #expect(twice.kind == .invalidOption && twice.message.contains("shard 1/3 is given twice"))
    let missing = try #require(refusal([three[0], three[2]]))
    #expect(missing.kind == .invalidOption && missing.message.contains("missing 1 shard of 3: 2"))
    // Another corpus: one more file changes the manifest.
    let grown = root.appendingPathComponent("grown")
    try FileManager.default.copyItem(at: small.corpus, to: grown)
    try Data(Self.ndjson(count: 3).utf8).write(to: grown.appendingPathComponent("extra.ndjson"))
    let other = try Self.run(
      grown.path, out: root.appendingPathComponent("other"),
      shard: try ShardSpec(index: 2, count: 3)
    ).folder
    let corpusRefusal = try #require(refusal([three[0], other, three[2]]))
    #expect(
      corpusRefusal.kind == .toolError && corpusRefusal.message.contains("read a different corpus"))
    #expect(corpusRefusal.message.contains("shard 2/3 (\(other.path))"))
    // Another build: the same shard's result as if another commit had run it.
    let rebuilt = try Self.copy(three[1], to: root.appendingPathComponent("rebuilt")) { r in
      r.provenance.gitCommit = "0123456789abcdef0123456789abcdef01234567"
      r.provenance.gitDirty = false
    }
    let build = try #require(refusal([three[0], rebuilt, three[2]]))
    #expect(build.kind == .toolError && build.message.contains("was run by another build"))
  }

  @Test("a damaged shard-drawings.bin is refused naming the shard, the file and the record")
  func damagedDrawingRecords() throws {
    let small = try Self.small.get()
    let three = small.shards
    let root = Self.temp("damaged")
    defer { try? FileManager.default.removeItem(at: root) }
    let header = ShardDrawingCodec.headerLength
    /// Shard 2's folder copied, its first record changed by `change` (the file's bytes, the
    /// record's payload starting at `header + 4`).
    func damaged(_ tag: String, _ change: (inout Data) -> Void) throws -> URL {
      let target = root.appendingPathComponent(tag)
      try FileManager.default.copyItem(at: three[1], to: target)
      let file = target.appendingPathComponent(ShardLedger.drawingsFileName)
      var data = try Data(contentsOf: file)
      change(&data)
      try data.write(to: file)
      return target
    }
    func refusal(_ folder: URL) throws -> String {
      do {
        _ = try Self.merge([three[0], folder, three[2]], out: root.appendingPathComponent("m"))
      } catch let e as PipelineError {
        #expect(e.kind == .toolError, "\(e.message)")
        return e.message
      }
      Issue.record("merged with a damaged \(folder.lastPathComponent)")
      return ""
    }
    let name = "shard 2/3"
    // The motion's flag byte (after the two keys) is neither 0 nor 1.
    let flag = try refusal(damaged("flag") { $0[header + 4 + 16] = 7 })
    #expect(flag.contains(name) && flag.contains(ShardLedger.drawingsFileName))
    #expect(flag.contains("record 1: byte 16: 7 is not a truth value"), "\(flag)")
    // The first record names a file past the corpus.
    let far = try refusal(
      damaged("far") { d in
        withUnsafeBytes(of: Int64(99_999).littleEndian) {
          d.replaceSubrange((header + 4)..<(header + 12), with: $0)
        }
      })
    #expect(far.contains(name) && far.contains("drawing record 1 names file 99999 of"), "\(far)")
    let negative = try refusal(
      damaged("negative") { d in
        withUnsafeBytes(of: Int64(-5).littleEndian) {
          d.replaceSubrange((header + 4)..<(header + 12), with: $0)
        }
      })
    #expect(negative.contains("drawing record 1 names file -5 of"), "\(negative)")
    // The last record cut short.
    let cut = try refusal(damaged("cut") { $0.removeLast(3) })
    #expect(cut.contains(name) && cut.contains("cut short"), "\(cut)")
  }

  /// A copy of run folder `folder` at `target`, its result changed by `change`.
  static func copy(_ folder: URL, to target: URL, _ change: (inout RunResult) -> Void) throws -> URL
  {
    try FileManager.default.copyItem(at: folder, to: target)
    var r = try LoadedRun.load(target.path).result
    change(&r)
    try r.write(to: target.appendingPathComponent("result.json"))
    return target
  }

  @Test("timing is pooled only across shards of one machine and build; others are their own group")
  func timingGroupsByMachine() throws {
    let small = try Self.small.get()
    let root = Self.temp("timing")
    defer { try? FileManager.default.removeItem(at: root) }
    var folders = small.shards
    folders[2] = try Self.copy(folders[2], to: root.appendingPathComponent("elsewhere")) { r in
      r.machine.cpuModel = "Another CPU"
      r.bench.machine.cpuModel = "Another CPU"
    }
    let parts = try folders.map { try LoadedRun.load($0.path).result }
    let merged = try Self.merge(folders, out: root.appendingPathComponent("m")).result
    let groups = try #require(merged.merge?.timingGroups)
    #expect(groups.map(\.shards) == [[1, 2], [3]])
    #expect(groups[1].machine.cpuModel == "Another CPU")
    // The other machine's figures are its own, unpooled; group 1's are the sheet's benchmark.
    #expect(groups[1].figures == parts[2].bench.figures)
    #expect(merged.bench.processes == 2 && merged.bench.headline == .medianOverProcesses)
    #expect(merged.machine.cpuModel != "Another CPU")
    #expect(!merged.bench.figures.isEmpty)
    for f in merged.bench.figures {
      let a = try #require(
        parts[0].bench.figures.first { $0.strategy == f.strategy && $0.lane == f.lane })
      let b = try #require(
        parts[1].bench.figures.first { $0.strategy == f.strategy && $0.lane == f.lane })
      #expect(f.acrossProcesses?["batched.p50"]?.min == min(a.batched!.p50, b.batched!.p50))
      #expect(f.acrossProcesses?["batched.p50"]?.max == max(a.batched!.p50, b.batched!.p50))
    }
  }

  @Test(
    "a partial merge is marked incomplete; the complete merge replaces it in the history; shard runs are never stored"
  )
  func partialThenComplete() throws {
    let small = try Self.small.get()
    let folders = small.shards
    let root = Self.temp("partial")
    defer { try? FileManager.default.removeItem(at: root) }
    let history = HistoryRecorder(path: root.appendingPathComponent("h.sqlite").path)
    let partial = try Self.merge(
      [folders[0], folders[2]], out: root.appendingPathComponent("m"), allowPartial: true)
    let info = try #require(partial.result.merge)
    #expect(!info.complete && info.missing == [2])
    _ = history.append(merge: partial, progress: ignoreProgress)
    let store = try HistoryStore(path: history.path!)
    #expect(try store.runs().map(\.incomplete) == [true])
    let complete = try Self.merge(folders, out: root.appendingPathComponent("m"))
    let single = try LoadedRun.load(small.single.path).result
    try Self.expectEqual(complete.result, single, "3 shards of the small corpus")
    _ = history.append(merge: complete, progress: ignoreProgress)
    // Repeating a partial merge does not replace the complete one.
    _ = history.append(merge: partial, progress: ignoreProgress)
    let runs = try store.runs()
    #expect(runs.count == 1 && runs[0].incomplete == false)
    #expect(
      try store.rows(strategy: "catmull-rom", lane: "quality", metric: "accuracy-mean").count == 1)
    // A shard's record is refused by the store, and skipped by import.
    let shardResult = try LoadedRun.load(folders[1].path).result
    #expect(try store.append(.run(shardResult)) == false)
    let imported = HistoryImport.run([folders[1].path], into: store)
    #expect(imported.shardRuns.count == 1 && imported.added.isEmpty)
  }
}
