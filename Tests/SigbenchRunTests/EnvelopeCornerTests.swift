import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@testable import SigbenchRun

/// Drawings at the corners of `InputEnvelope` and just inside, through every catalog strategy,
/// every quality metric, the rasterizer (every picture of a sample page) and the SVG byte count
/// (#43): no trap, finite or absent figures, no failed cell, bounded memory. The stroke
/// through all four corners took up to 6.4 s per strategy in a release build (minutes in
/// debug) in `SegmentGrid`'s ring search, before far points went to `EdgeHierarchy`.
@Suite("the envelope's corners through every stage", .serialized)
struct EnvelopeCornerTests {
  static let edge = InputEnvelope.position.value

  /// Name → drawing at a corner of the envelope.
  static let corners: [(String, Drawing)] = {
    func d(_ name: String, _ samples: [Sample], truth: [[Point]]? = nil) -> Drawing {
      Drawing(
        name: name, strokes: [Stroke(samples: samples)],
        groundTruth: truth.map { GroundTruth(strokes: $0) })
    }
    let e = edge
    return [
      (
        "a stroke through all four corners",
        d(
          "corners",
          [
            Sample(x: -e, y: -e, time: 0), Sample(x: e, y: -e, time: 0.01),
            Sample(x: e, y: e, time: 0.02), Sample(x: -e, y: e, time: 0.03),
          ], truth: [[Point(x: -e, y: -e), Point(x: e, y: -e), Point(x: e, y: e)]])
      ),
      (
        "diagonal across the whole envelope",
        d(
          "huge",
          [
            Sample(x: e, y: -e, time: 0), Sample(x: -e, y: e, time: 0.01),
          ], truth: [[Point(x: e, y: -e), Point(x: -e, y: e)]])
      ),
      (
        "tiny coordinates",
        d(
          "tiny",
          (0..<20).map {
            Sample(
              x: 1e-300 * Double($0), y: Double.leastNonzeroMagnitude * Double($0 % 3),
              time: Double($0) / 120)
          })
      ),
      (
        "one position repeated",
        d(
          "still",
          (0..<50).map {
            Sample(x: 3, y: 4, time: Double($0) / 240, pressure: 0.5)
          })
      ),
      ("one sample", d("one", [Sample(x: -e, y: e, time: 0)])),
      (
        "huge and zero time steps",
        d(
          "steps",
          [
            Sample(x: 0, y: 0, time: 0), Sample(x: 1, y: 1, time: 0),
            Sample(x: 2, y: 5, time: 1e10),
            Sample(x: 9, y: 9, time: 1e10),
          ])
      ),
    ]
  }()

  /// Peak resident size of this process so far, bytes (`getrusage`; Linux reports KiB).
  static func peakResident() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }

  @Test("every catalog strategy, metric and picture handles every corner")
  func corners() throws {
    let strategies = try StrategyCatalog.all.map {
      try StrategyCatalog.configure(StrategySpec(id: $0.descriptor.id))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-corners-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let job = SampleJob(
      images: SampleImages(spec: RunSettings(strategies: strategies).render),
      strategies: strategies, runFolder: folder)
    for (index, (what, drawing)) in Self.corners.enumerated() {
      let before = Self.peakResident()
      let started = Date()
      let entry = try job.run(drawing, index: index, format: "native")
      print("corner \(what): \(Date().timeIntervalSince(started)) s")
      let quality = strategies.map { entry.page?.quality?[$0.label] ?? QualityFigures() }
      for (strategy, q) in zip(strategies, quality) {
        for metric in QualityMetric.catalog {
          if let v = q[metric] {
            #expect(v.isFinite, "\(what), \(strategy.label): \(metric.key) = \(v)")
          }
        }
      }
      #expect(entry.images.count == strategies.count, "\(what)")
      // No built-in strategy fails a stage inside the envelope (a failed cell would be
      // recorded here rather than thrown).
      #expect(entry.failures == nil, "\(what): \(entry.failures ?? [])")
      // Bounded memory, per case: each adds less than 512 MB to the test process's peak (alone
      // the four-corner stroke adds about 200 MB; the reproductions of #43 took 1.8 to 7.5 GB).
      // The peak is the whole process's, so suites beside this one count too: the bound is
      // loose on purpose.
      let grown = Self.peakResident() - before
      #expect(grown < 512 << 20, "\(what): peak resident size grew by \(grown >> 20) MB")
    }
  }

  /// A value just inside the position bound, a tiny one or an ordinary one, drawn by `rng`.
  static func coordinate(_ rng: inout SplitMix64) -> Double {
    let sign: Double = rng.index(2) == 0 ? 1 : -1
    switch rng.index(3) {
    case 0: return sign * edge * (1 - rng.double(in: 0...1e-6))
    case 1: return sign * 1e-300 * rng.double(in: 0...10)
    default: return sign * rng.double(in: 0...1000)
    }
  }

  @Test("seeded drawings near the corners: every strategy and metric, finite, no failed cell")
  func seededNearCorners() throws {
    let seed = propertySeed()
    print("EnvelopeCornerTests.seededNearCorners: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    let strategies = try StrategyCatalog.all.map {
      try StrategyCatalog.configure(StrategySpec(id: $0.descriptor.id))
    }
    let drawings = (0..<4).map { k in
      var t = rng.double(in: 0...1e9)
      let samples = (0..<rng.int(in: 1...6)).map { _ in
        // Zero, tiny or huge time steps, never past the bound.
        t = min(InputEnvelope.time.value, t + [0, 1e-6, rng.double(in: 1e3...1e9)][rng.index(3)])
        return Sample(
          x: Self.coordinate(&rng), y: Self.coordinate(&rng), time: t,
          pressure: rng.double(in: 0...1))
      }
      return Drawing(name: "seeded-\(k)", strokes: [Stroke(samples: samples)])
    }
    let m = QualityRun.measureCells(drawings, strategies: strategies)
    #expect(m.failed.isEmpty, "seed \(seed): \(m.failed.map(\.text))")
    for (label, q) in m.figures {
      for metric in QualityMetric.catalog {
        if let v = q[metric] { #expect(v.isFinite, "seed \(seed), \(label): \(metric.key)") }
      }
    }
  }
}
