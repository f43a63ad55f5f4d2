import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchResults
import Testing

@testable import SigbenchRun

/// Issue 16, item 2: the streamed run spools its packed samples to disk and reads back only
/// the strokes the timing phase times. What it reads back must be what the timing phase would
/// have chosen from the whole packed corpus: the same record, drawings, transforms and values.
@Suite("timing spool")
struct TimingSpoolTests {
  /// Drawings with timed and untimed strokes, with and without pressure, an empty stroke and a
  /// drawing without ink; values include -0.0 and numbers no decimal text round-trips short.
  static func drawings(seed: UInt64) -> [Drawing] {
    var rng = SplitMix64(seed: seed)
    var out: [Drawing] = []
    for d in 0..<12 {
      var strokes: [Stroke] = []
      for s in 0..<Int.random(in: 1...6, using: &rng) {
        let timed = (d + s) % 3 != 0
        let pressured = (d * s) % 2 == 0
        let count = s == 2 && d == 3 ? 0 : Int.random(in: 1...40, using: &rng)
        var t = 0.0
        let samples = (0..<count).map { k -> Sample in
          t += rng.double(in: 0.001...0.02)
          return Sample(
            x: k == 0 && d == 1 ? -0.0 : rng.double(in: -500...500),
            y: rng.double(in: -500...500) / 3, time: timed ? t : nil,
            pressure: pressured ? rng.double(in: 0...1) : nil)
        }
        strokes.append(Stroke(samples: samples))
      }
      out.append(Drawing(name: "d\(d)", strokes: d == 5 ? [] : strokes))
    }
    return out
  }

  /// Every channel of every sample, as bit patterns (`-0.0 == 0.0` would hide a difference).
  static func bits(_ w: BenchWorkload) -> [[UInt64]] {
    w.items.flatMap { item in
      item.strokes.indices.map { s in
        item.strokes[s].flatMap {
          [
            $0.x.bitPattern, $0.y.bitPattern, $0.time?.bitPattern ?? 1,
            $0.pressure?.bitPattern ?? 1,
          ]
        }
      }
    }
  }

  @Test("read back equals BenchWorkload.timingSample over the same items, for every budget")
  func readBackEqualsTimingSample() throws {
    let items = Self.drawings(seed: 16).compactMap { BenchWorkload.item($0) }
    let whole = BenchWorkload(items: items)
    let spool = try TimingSpool()
    defer { spool.remove() }
    for item in items { try spool.append(item) }
    #expect(spool.pointCount == whole.pointCount)
    #expect(spool.lengths.count == whole.strokeCount)
    for budget in [nil, 1, 7, 30, 100, whole.pointCount / 3, whole.pointCount] {
      let expected = whole.timingSample(budget: budget)
      let got = try spool.sampled(budget: budget)
      #expect(got.sample == expected.sample, "budget \(String(describing: budget))")
      #expect(got.workload.items.map(\.name) == expected.workload.items.map(\.name))
      #expect(got.workload.items.map(\.transform) == expected.workload.items.map(\.transform))
      #expect(Self.bits(got.workload) == Self.bits(expected.workload))
      #expect(got.workload.rasterSpec == expected.workload.rasterSpec)
    }
    // A stride above 1 was exercised.
    #expect(try spool.sampled(budget: 30).sample.strokeStride > 1)
  }

  @Test("a stream with a spool keeps no packed samples; the spool holds every stroke in order")
  func streamSpools() throws {
    let corpus = try StreamedRunTests.corpus(copies: 2)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let spool = try TimingSpool()
    defer { spool.remove() }
    var stream = CorpusStream(path: corpus.path, jobs: 2)
    stream.spool = spool
    let kept = try stream.run(
      process: { d, _, _ in
        .init(
          entry: SampleJob.entry(d, format: "", raw: "", [:]), quality: [],
          item: BenchWorkload.item(d))
      },
      progress: ignoreProgress)
    #expect(kept.items.isEmpty)
    let whole = BenchWorkload(drawings: try CorpusInput.load(corpus.path).drawings)
    #expect(spool.pointCount == whole.pointCount)
    #expect(spool.drawings.map(\.name) == whole.items.map(\.name))
    let all = try spool.sampled(budget: nil)
    #expect(all.sample.isComplete)
    #expect(Self.bits(all.workload) == Self.bits(whole))
  }

  @Test("remove deletes the spool's scratch folder")
  func removeDeletesFolder() throws {
    let spool = try TimingSpool()
    try spool.append(try #require(BenchWorkload.item(Self.drawings(seed: 3)[0])))
    #expect(FileManager.default.fileExists(atPath: spool.file.path))
    spool.remove()
    #expect(!FileManager.default.fileExists(atPath: spool.folder.path))
  }

  @Test("a streamed run times the strokes a run over the whole packed corpus would time")
  func runTimesTheSameStrokes() throws {
    let corpus = try StreamedRunTests.corpus(copies: 2)
    defer { try? FileManager.default.removeItem(at: corpus) }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-spool-out-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    var settings = try StreamedRunTests.settings(out: out)
    settings.bench.timedPointBudget = 100
    settings.bench.repetitions = 1
    let result = try RunPipeline(settings: settings).run(corpusAt: corpus.path).result
    let whole = try CorpusInput.load(corpus.path)
    let workload = BenchWorkload(drawings: whole.drawings)
    let expected = workload.timingRecord(budget: 100)
    #expect(expected.strokeStride > 1)
    #expect(result.bench.timingSample == expected)
    #expect(result.bench.corpus.points == workload.pointCount)
    #expect(result.bench.corpus.strokes == workload.strokeCount)
    #expect(result.bench.corpus.drawings == workload.items.count)
  }
}
