import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchTestSupport
import Testing

@testable import SigbenchRun

/// Issue 16, item 2: a run aggregates quality while the corpus streams, folding drawings in
/// corpus order through a reorder buffer. Whatever order the workers finish files in, the
/// result must equal `QualityRun.aggregate` over every drawing's figures, bit for bit (the
/// figures `result.json` held before streaming).
@Suite("quality folded while the corpus streams", .serialized)
struct QualityFoldTests {
  static let repo = RunPipelineTests.repo

  /// Synthetic motions at 60, 120 and 240 Hz (rate stability) and a few fixtures.
  static func corpus() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-fold-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    var files: [String] = []
    for motion in ["line-01", "line-02", "signature-02"] {
      for rate in ["60hz", "120hz", "240hz"] {
        files.append("Corpus/synthetic/\(motion)-\(rate).sigbench.json")
      }
    }
    for name in ["loop", "sharp-corner", "tap", "two-samples", "uneven-spacing"] {
      files.append("Corpus/fixtures/\(name).sigbench.json")
    }
    for f in files {
      let url = repo.appendingPathComponent(f)
      try FileManager.default.copyItem(
        at: url, to: dir.appendingPathComponent(url.lastPathComponent))
    }
    return dir
  }

  static func json(_ q: RunQuality) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(q)
  }

  static func job(_ strategies: [ConfiguredStrategy]) -> SampleJob {
    SampleJob(
      images: SampleImages(spec: RunSettings(strategies: strategies).render),
      strategies: strategies, runFolder: FileManager.default.temporaryDirectory)
  }

  @Test("files finished in a shuffled order fold to QualityRun.aggregate's figures bit for bit")
  func shuffledCompletionOrder() throws {
    let dir = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: dir) }
    let strategies = try StrategyResolver.resolve("catmull-rom", reference: .added)
    let job = Self.job(strategies)
    let stream = CorpusStream(path: dir.path, jobs: 1)
    let plan = try stream.plan()
    // Every file read first (corpus order fixes the indices), measured, then stored in a
    // seeded random order, as workers finishing out of order would.
    let state = CorpusStream.State(
      root: dir.path, skipped: plan.skipped, studyBudget: 0,
      qualityLabels: strategies.map(\.label), reorderFiles: plan.files.count + 1)
    var finished: [(end: Int, done: [(Int, CorpusStream.Processed)])] = []
    var figures: [[QualityFigures]] = []
    var drawings: [Drawing] = []
    while let (base, part) = state.readNext(plan.files, stream.loader, ignoreProgress) {
      var done: [(Int, CorpusStream.Processed)] = []
      for (k, d) in part.drawings.enumerated() {
        let (entry, q) = try job.measure(d, format: part.formatIDs[k])
        done.append((base + k, .init(entry: entry, quality: q, item: nil)))
        figures.append(q)
        drawings.append(d)
      }
      finished.append((base + part.drawings.count, done))
    }
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    let whole = QualityRun.aggregate(figures, drawings, strategies: strategies)
    for round in 0..<4 {
      let order = finished.shuffled(using: &rng)
      let state = CorpusStream.State(
        root: dir.path, skipped: plan.skipped, studyBudget: 0,
        qualityLabels: strategies.map(\.label), reorderFiles: plan.files.count + 1)
      while state.readNext(plan.files, stream.loader, ignoreProgress) != nil {}
      for f in order {
        state.store(f.done, end: f.end, total: order.count, label: "", ignoreProgress)
      }
      let kept = state.finish()
      #expect(
        try Self.json(kept.quality.result()) == Self.json(whole),
        "round \(round): replay with SIGBENCH_SEED=\(seed)")
      #expect(kept.entries.map(\.name) == drawings.map(\.name))
    }
    // The corpus exercises the rate stability and is order-sensitive: the same figures
    // aggregated in another order change some bits, so a fold out of order would be seen.
    #expect(whole.rateStability.values.allSatisfy { $0.count == 3 })
    var fixed = SplitMix64(seed: 1)
    let permutation = Array(figures.indices).shuffled(using: &fixed)
    let reordered = QualityRun.aggregate(
      permutation.map { figures[$0] }, permutation.map { drawings[$0] }, strategies: strategies)
    #expect(try Self.json(reordered) != Self.json(whole))
  }

  @Test("three workers finishing out of order give the aggregate's figures")
  func workersOutOfOrder() throws {
    let dir = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: dir) }
    let strategies = try StrategyResolver.resolve("catmull-rom", reference: .added)
    let job = Self.job(strategies)
    let whole = try CorpusInput.load(dir.path)
    let expected = QualityRun.aggregate(
      try whole.drawings.map { try job.measure($0, format: "").1 }, whole.drawings,
      strategies: strategies)
    let stream = CorpusStream(path: dir.path, jobs: 3)
    let kept = try stream.run(
      qualityLabels: strategies.map(\.label),
      process: { d, index, format in
        // Early files take longest, so later ones finish first.
        usleep(UInt32(max(0, 12 - index) * 3_000))
        let (entry, q) = try job.measure(d, format: format)
        return .init(entry: entry, quality: q, item: nil)
      }, progress: ignoreProgress)
    #expect(try Self.json(kept.quality.result()) == Self.json(expected))
    #expect(kept.entries.map(\.name) == whole.drawings.map(\.name))
  }

  /// A stream over `dir` and the workers' state, whose buffer takes at most two finished files.
  static func bufferedState(_ dir: URL) throws -> (
    stream: CorpusStream, plan: CorpusStream.Plan, state: CorpusStream.State
  ) {
    let stream = CorpusStream(path: dir.path, jobs: 1)
    let plan = try stream.plan()
    let state = CorpusStream.State(
      root: dir.path, skipped: plan.skipped, studyBudget: 0, reorderFiles: 2)
    return (stream, plan, state)
  }

  @Test("a file without drawings (skipped, or another shard's) takes no place in the buffer")
  func filesWithoutDrawingsDoNotWait() throws {
    let dir = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (stream, plan, state) = try Self.bufferedState(dir)
    let first = try #require(state.readNext(plan.files, stream.loader, ignoreProgress))
    #expect(!first.1.drawings.isEmpty)
    // While the first file's drawings are measured, files without drawings finish after it.
    let end = first.0 + first.1.drawings.count
    for _ in 0..<5 { state.store([], end: end, total: 0, label: "", ignoreProgress) }
    #expect(state.waitingFiles.isEmpty)
  }

  @Test("a reader waits while 4 × jobs finished files wait to be folded")
  func readerWaitsOnFullBuffer() throws {
    let dir = try Self.corpus()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (stream, plan, state) = try Self.bufferedState(dir)
    // A file read: the index of its first drawing and its drawings.
    func read() throws -> (base: Int, drawings: [Drawing]) {
      let r = try #require(state.readNext(plan.files, stream.loader, ignoreProgress))
      return (r.0, r.1.drawings)
    }
    let first = try read()
    let later = try [read(), read()]
    func processed(_ r: (base: Int, drawings: [Drawing])) -> [(Int, CorpusStream.Processed)] {
      r.drawings.enumerated().map { k, d in
        let entry = SampleJob.entry(d, format: "", raw: "", [:])
        return (r.base + k, CorpusStream.Processed(entry: entry, quality: []))
      }
    }
    // Two files finished ahead of the first: the buffer is full, the next read waits.
    for r in later {
      state.store(processed(r), end: r.base + r.drawings.count, total: 0, label: "", ignoreProgress)
    }
    #expect(state.waitingFiles.count == 2)
    final class Flag: @unchecked Sendable { var read = false }
    let flag = Flag()
    let reader = Thread {
      _ = state.readNext(plan.files, stream.loader, ignoreProgress)
      state.lock.lock()
      flag.read = true
      state.lock.unlock()
    }
    reader.start()
    usleep(50_000)
    state.lock.lock()
    #expect(!flag.read)
    state.lock.unlock()
    // The first file finishes: everything is folded in order and the reader goes on.
    state.store(
      processed(first), end: first.base + first.drawings.count, total: 0, label: "",
      ignoreProgress)
    #expect(state.waitingFiles.isEmpty)
    var waited = 0
    while waited < 200 {
      state.lock.lock()
      let read = flag.read
      state.lock.unlock()
      if read { break }
      usleep(10_000)
      waited += 1
    }
    #expect(flag.read)
    let stored: Int = first.drawings.count + later[0].drawings.count + later[1].drawings.count
    #expect(state.kept.entries.count == stored)
  }
}
