import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchStrategies
import Testing

@testable import SigbenchRun

/// The envelope's counts, scaled to test time (#43): a stroke of 20,000 samples (2 % of the
/// 1,000,000 bound) through every incremental strategy and a drawing of 4,000 strokes (4 % of
/// 100,000) through every catalog strategy, every quality metric and every picture, in bounded
/// memory; a strategy that is not incremental fails its cell, with the rule, on a stroke past
/// `StrategyCost.costlyStrokeSampleLimit` instead of running for hours. The unscaled counts are measured in release builds by
/// `scripts/envelope-counts.sh` (figures in the README).
@Suite("the envelope's counts, scaled", .serialized)
struct EnvelopeCountTests {
  static func job(_ strategies: [ConfiguredStrategy]) throws -> (SampleJob, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-counts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let job = SampleJob(
      images: SampleImages(spec: RunSettings(strategies: strategies).render),
      strategies: strategies, runFolder: folder)
    return (job, folder)
  }

  static func all() throws -> [ConfiguredStrategy] {
    try StrategyCatalog.all.map {
      try StrategyCatalog.configure(StrategySpec(id: $0.descriptor.id))
    }
  }

  /// A looping stroke of `n` samples at 240 Hz, 0.5 to 1.5 px apart.
  static func stroke(_ n: Int, from start: Int = 0) -> Stroke {
    Stroke(
      samples: (0..<n).map { i in
        let u = Double(start + i)
        return Sample(
          x: 400 + 300 * cos(u / 500) + u * 0.01, y: 300 + 200 * sin(u / 310),
          time: u / 240, pressure: 0.5 + 0.3 * sin(u / 50))
      })
  }

  @Test("one stroke of 20,000 samples: every incremental strategy, metric and picture")
  func longStroke() throws {
    let strategies = try Self.all().filter(\.cost.isIncremental)
    let (job, folder) = try Self.job(strategies)
    defer { try? FileManager.default.removeItem(at: folder) }
    let drawing = Drawing(name: "long", strokes: [Self.stroke(20_000)])
    let before = EnvelopeCornerTests.peakResident()
    let started = Date()
    let entry = try job.run(drawing, index: 0, format: "native")
    print("20,000-sample stroke: \(Date().timeIntervalSince(started)) s")
    #expect(entry.failures == nil, "\(entry.failures ?? [])")
    #expect(entry.images.count == strategies.count)
    for s in strategies {
      let q = try #require(entry.page?.quality?[s.label], "\(s.label)")
      #expect(q.samples == 20_000, "\(s.label)")
      for metric in QualityMetric.catalog {
        if let v = q[metric] { #expect(v.isFinite, "\(s.label): \(metric.key)") }
      }
    }
    // Linear memory: under 25 KB a sample for the strategies together (the run's cells are
    // measured one strategy after another, each dropped before the next).
    let grown = EnvelopeCornerTests.peakResident() - before
    #expect(grown < 20_000 * 25_000, "peak resident size grew by \(grown >> 20) MB")
  }

  @Test("a drawing of 4,000 strokes: every strategy, metric and picture")
  func manyStrokes() throws {
    let strategies = try Self.all()
    let (job, folder) = try Self.job(strategies)
    defer { try? FileManager.default.removeItem(at: folder) }
    let strokes = (0..<4_000).map { k in
      k % 2 == 0 ? Self.stroke(1, from: 7 * k) : Self.stroke(3, from: 7 * k)
    }
    let entry = try job.run(Drawing(name: "many", strokes: strokes), index: 0, format: "native")
    #expect(entry.failures == nil, "\(entry.failures ?? [])")
    for s in strategies {
      #expect(entry.page?.quality?[s.label]?.strokes == 4_000, "\(s.label)")
    }
  }

  @Test("a strategy that is not incremental fails its cell past the limit, at once")
  func costlyLimit() throws {
    let costly = try Self.all().filter { !$0.cost.isIncremental }
    #expect(!costly.isEmpty)
    let (job, folder) = try Self.job(costly)
    defer { try? FileManager.default.removeItem(at: folder) }
    let limit = StrategyCost.costlyStrokeSampleLimit
    let drawing = Drawing(name: "long", strokes: [Self.stroke(300), Self.stroke(limit + 1)])
    let started = Date()
    let (entry, quality) = try job.measure(drawing, format: "native")
    #expect(Date().timeIntervalSince(started) < 30)
    let failures = try #require(entry.failures)
    #expect(failures.count == costly.count)
    for f in failures {
      #expect(f.stage == .smoothing)
      #expect(f.reason.hasPrefix("the ink of stroke 2: \(limit + 1) samples;"), "\(f.reason)")
      #expect(f.reason.contains("at most \(limit) samples"), "\(f.reason)")
    }
    #expect(quality.allSatisfy { $0 == QualityFigures() })
  }
}
