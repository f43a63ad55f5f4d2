import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchResults
import Testing

@testable import SigbenchRun

/// Issue 16, items 2 and 3: the run streams its corpus (one drawing at a time, only a packed
/// copy of the samples kept for the timing) on `--jobs` worker threads, and the results do not
/// depend on the number of workers. Scaled down from the 10,000-file corpus to a few fixtures.
@Suite("streamed run and --jobs", .serialized)
struct StreamedRunTests {
  static let fixtures = RunPipelineTests.fixtures

  /// A corpus of a few small fixtures, copied `copies` times into subfolders.
  static func corpus(copies: Int) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-stream-\(UUID().uuidString)")
    for c in 0..<copies {
      let sub = dir.appendingPathComponent("c\(c)")
      try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
      for name in ["loop", "sharp-corner", "tap", "two-samples", "uneven-spacing"] {
        try FileManager.default.copyItem(
          atPath: fixtures + "/\(name).sigbench.json",
          toPath: sub.appendingPathComponent("\(name).sigbench.json").path)
      }
    }
    try Data("not ink".utf8).write(to: dir.appendingPathComponent("c0/notes.xyz"))
    return dir
  }

  /// catmull-rom into `out`, without counters.
  static func settings(out: URL) throws -> RunSettings {
    var settings = RunSettings(
      strategies: try StrategyResolver.resolve("catmull-rom", reference: .added))
    settings.out = out.path
    settings.bench.counters = false
    return settings
  }

  static func run(_ corpus: URL, jobs: Int, pictures: Bool, events: RunPipelineTests.Events? = nil)
    throws -> RunResult
  {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-stream-out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    var settings = try Self.settings(out: out)
    settings.jobs = jobs
    settings.drawPictures = pictures
    let handler: ProgressHandler = { e in events?.add(e) }
    let outcome = try RunPipeline(settings: settings, progress: handler).run(
      corpusAt: corpus.path)
    if !pictures {
      let img = outcome.folder.appendingPathComponent("img")
      let pngs = (FileManager.default.subpaths(atPath: img.path) ?? []).filter {
        $0.hasSuffix(".png")
      }
      #expect(pngs.isEmpty, "--no-render drew \(pngs)")
      #expect(!FileManager.default.fileExists(atPath: outcome.folder.path + "/samples"))
    }
    return outcome.result
  }

  @Test("--jobs 3 gives the same samples, quality, corpus and checksum as --jobs 1")
  func jobsDoNotChangeResults() throws {
    let corpus = try Self.corpus(copies: 3)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let one = try Self.run(corpus, jobs: 1, pictures: true)
    let three = try Self.run(corpus, jobs: 3, pictures: true)
    #expect(one.samples == three.samples)
    #expect(one.quality == three.quality)
    #expect(one.corpus == three.corpus)
    #expect(one.bench.corpus == three.bench.corpus)
    let formats = one.formatStudyFigures?.figures.rows.map(\.formatID)
    #expect(formats != nil && formats == three.formatStudyFigures?.figures.rows.map(\.formatID))
    #expect(one.samples.map(\.name) == one.samples.map(\.name).sorted())
    #expect(one.corpus.skipped.map(\.file) == ["c0/notes.xyz"])
  }

  @Test("the streamed run equals a run over the corpus read whole (CorpusInput)")
  func streamedEqualsWhole() throws {
    let corpus = try Self.corpus(copies: 1)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let whole = try CorpusInput.load(corpus.path)
    let r = try Self.run(corpus, jobs: 2, pictures: false)
    #expect(r.corpus.points == whole.pointCount)
    #expect(r.corpus.drawings == whole.drawings.count)
    #expect(r.corpus.strokes == whole.drawings.reduce(0) { $0 + $1.strokes.count })
    #expect(r.bench.corpus.checksum == whole.checksum)
    #expect(r.samples.map(\.name) == whole.drawings.map(\.name))
    // Quality is measured without pictures too, and equals the aggregate over whole drawings.
    let strategies = try StrategyResolver.resolve("catmull-rom", reference: .added)
    #expect(
      r.quality?.strategies == (try QualityRun.measure(whole.drawings, strategies: strategies)))
    #expect(r.samples.allSatisfy { $0.page == nil && $0.images.isEmpty })
  }

  @Test("timing starts only after every drawing was read and measured")
  func timingRunsAlone() throws {
    let corpus = try Self.corpus(copies: 2)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let events = RunPipelineTests.Events()
    _ = try Self.run(corpus, jobs: 2, pictures: false, events: events)
    let list = events.list
    let timing = try #require(
      list.firstIndex { if case .note(let t) = $0 { t.hasPrefix("timing ") } else { false } })
    let lastRead = try #require(
      list.lastIndex {
        if case .advance(let label, _, _) = $0 { label.hasPrefix("reading") } else { false }
      })
    #expect(lastRead < timing)
    if case .advance(_, let done, let total) = list[lastRead] { #expect(done == total) }
  }

  @Test("BoundedWorkers never runs more than `jobs` bodies at once; 1 runs on this thread")
  func boundedWorkers() throws {
    final class Count: @unchecked Sendable {
      let lock = NSLock()
      var active = 0
      var most = 0
      var left = 40
      var threads: Set<String> = []
    }
    for jobs in [1, 2, 5] {
      let c = Count()
      try BoundedWorkers.run(jobs: jobs) {
        while true {
          c.lock.lock()
          guard c.left > 0 else {
            c.lock.unlock()
            return
          }
          c.left -= 1
          c.active += 1
          c.most = max(c.most, c.active)
          c.threads.insert("\(Thread.current)")
          c.lock.unlock()
          usleep(2_000)
          c.lock.lock()
          c.active -= 1
          c.lock.unlock()
        }
      }
      #expect(c.most <= jobs)
      #expect(c.left == 0)
      if jobs == 1 { #expect(c.threads == ["\(Thread.current)"]) }
    }
    struct Boom: Error {}
    #expect(throws: Boom.self) { try BoundedWorkers.run(jobs: 2) { throw Boom() } }
  }

  @Test("what the timing keeps is at most 32 bytes a sample; the format study is bounded")
  func packedCopy() throws {
    let corpus = try Self.corpus(copies: 1)
    defer { try? FileManager.default.removeItem(at: corpus) }
    var stream = CorpusStream(path: corpus.path, jobs: 2)
    stream.studySampleBudget = 100
    let kept = try stream.run(
      process: { d, _, _ in
        .init(
          entry: SampleJob.entry(d, format: "", raw: "", [:]), quality: [],
          item: BenchWorkload.item(d))
      },
      progress: ignoreProgress)
    let bytes = kept.items.reduce(0) { $0 + $1.strokes.packedBytes }
    #expect(kept.points > 0)
    #expect(bytes <= 32 * kept.points + 8 * kept.strokes)
    #expect(kept.loaded.drawings.allSatisfy { $0.strokes.isEmpty && $0.hover.isEmpty })
    #expect(!kept.studyComplete)
    #expect(kept.studySamples <= 100)
    #expect(kept.study.reduce(0) { $0 + $1.sampleCount } == kept.studySamples)
  }

  @Test("above the timing budget whole strokes are timed at a stride, recorded in bench.json")
  func timingBudget() throws {
    let corpus = try Self.corpus(copies: 4)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-stream-out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    var settings = try Self.settings(out: out)
    settings.drawPictures = false
    // The default budget times every point of a small corpus, and says so.
    let whole = try RunPipeline(settings: settings).run(corpusAt: corpus.path).result
    let all = try #require(whole.bench.timingSample)
    #expect(all.isComplete && all.strokeStride == 1)
    #expect(all.pointsTimed == whole.corpus.points)
    #expect(whole.bench.figures.allSatisfy { $0.all?.count == whole.corpus.points })
    // A budget below the corpus: a stated stride of whole strokes, the same for every lane.
    try #require(whole.corpus.points > 100)
    settings.bench.timedPointBudget = 100
    let outcome = try RunPipeline(settings: settings).run(corpusAt: corpus.path)
    let r = outcome.result
    let t = try #require(r.bench.timingSample)
    #expect(!t.isComplete && t.strokeStride > 1)
    #expect(t.pointsTimed <= 100 && t.pointsAvailable == r.corpus.points)
    #expect(t.budget == 100 && r.bench.options.timedPointBudget == 100)
    #expect(r.bench.figures.allSatisfy { $0.all?.count == t.pointsTimed })
    #expect(r.bench.figures.allSatisfy { $0.finish?.count == t.strokesTimed })
    // Written to bench.json and shown on the sheet.
    let json = try BenchReport.decode(
      Data(contentsOf: outcome.folder.appendingPathComponent("bench.json")))
    #expect(json.timingSample == t)
    let html = try String(
      contentsOf: outcome.folder.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("id=\"timing-sample\""))
    #expect(html.contains("\(t.pointsTimed) of \(t.pointsAvailable) points timed"))
  }

  @Test("the counter worker reads only the files that hold its subset, the same first points")
  func counterWorkerReadsItsSubset() throws {
    let corpus = try Self.corpus(copies: 4)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let strategies = try StrategyResolver.resolve("catmull-rom", reference: .added)
    let whole = BenchSession(corpus: try CorpusInput.load(corpus.path), strategies: strategies)
    let points = 30
    let session = try BenchWorkerEntry.counterSession(
      corpus: corpus.path, strategies: strategies, points: points)
    let read = try #require(session.filesRead)
    #expect(read < 5, "read \(read) files for \(points) points")
    let wholeRead = try #require(whole.filesRead)
    #expect(read < wholeRead)
    for (_, n) in BenchWorkers.subset(points) {
      let a = session.workload.prefix(points: n).items
      let b = whole.workload.prefix(points: n).items
      #expect(a.map(\.name) == b.map(\.name))
      #expect(a.map { Array($0.strokes) } == b.map { Array($0.strokes) })
      #expect(a.map { "\($0.transform)" } == b.map { "\($0.transform)" })
    }
  }
}
