import SigbenchBench
import SigbenchCore
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Issue 16, item 2: the timing phase is bounded on a large corpus by a stated, deterministic
/// rule (every point up to the budget; beyond it whole strokes at a fixed stride over the
/// corpus), and a corpus within the budget is timed whole as before.
@Suite("timing budget: every point, or whole strokes at a stride")
struct TimingSampleTests {
  @Test("within the budget every stroke is timed; above it the first and every k-th stroke")
  func rule() {
    let whole = TimingSample.choose(lengths: [10, 20, 30], budget: 60)
    #expect(whole.strokeStride == 1 && whole.isComplete)
    #expect(whole.pointsTimed == 60 && whole.strokesTimed == 3)

    // 100 strokes of 10 points (1,000 points), budget 250: k = 4 takes strokes 0, 4, …, 96.
    let lengths = [Int](repeating: 10, count: 100)
    let s = TimingSample.choose(lengths: lengths, budget: 250)
    #expect(s.strokeStride == 4)
    #expect(s.strokesTimed == 25 && s.pointsTimed == 250)
    #expect(s.pointsAvailable == 1_000 && s.strokesAvailable == 100)
    #expect(!s.isComplete)
    #expect(s.times(stroke: 0) && s.times(stroke: 96) && !s.times(stroke: 97))
    #expect(s.rule.contains("250 of 1000 points"))
    // Deterministic.
    #expect(TimingSample.choose(lengths: lengths, budget: 250) == s)
  }

  @Test("the stride grows until the strokes it takes fit the budget; one long stroke is cut")
  func strideFits() {
    // Long strokes at even positions: stride 2 would take 5 × 100 points; 3 takes 0, 3, 6, 9.
    let lengths = (0..<10).map { $0 % 2 == 0 ? 100 : 1 }
    let s = TimingSample.choose(lengths: lengths, budget: 300)
    #expect(s.pointsTimed <= 300)
    #expect(s.strokeStride == 3)
    #expect(s.pointsTimed == 100 + 1 + 100 + 1)
    // No stride fits: the first stroke alone, cut to the budget (a whole-stroke-per-push
    // strategy on the envelope's 1,000,000-sample stroke would take hours).
    let one = TimingSample.choose(lengths: [500, 400], budget: 100)
    #expect(one.strokesTimed == 1 && one.pointsTimed == 100 && one.cutAt == 100)
    #expect(one.timedPoints(ofStroke: 500) == 100 && !one.isComplete)
    #expect(one.rule.contains("its first 100 points are timed"), "\(one.rule)")
    let only = TimingSample.choose(lengths: [1_000_000], budget: 65_536)
    #expect(only.pointsTimed == 65_536 && only.rule.contains("the only stroke"), "\(only.rule)")
    // A stroke within the budget is never cut.
    #expect(TimingSample.choose(lengths: [500, 400], budget: 600).cutAt == nil)
  }

  @Test("the sampled workload keeps each drawing's transform and corpus order")
  func workload() {
    // Six drawings of three strokes each, every drawing in another place (its own transform).
    let drawings = (0..<6).map { d in
      Drawing(
        name: "d\(d)",
        strokes: (0..<3).map { k in
          Stroke(
            samples: SampleFactory.line(10 + d * 3 + k).map {
              Sample(x: $0.x + Double(d * 50), y: $0.y * Double(d + 1), time: $0.time)
            })
        })
    }
    let items = BenchWorkload(drawings: drawings).items
    let w = BenchWorkload(items: items)
    let (sampled, record) = w.timingSample(budget: 100)
    #expect(record.strokeStride > 1)
    #expect(sampled.pointCount == record.pointsTimed && record.pointsTimed <= 100)
    #expect(sampled.strokeCount == record.strokesTimed)
    // Strokes taken are whole, in corpus order, with their drawing's transform.
    var number = 0
    var expected: [(String, [Sample], String)] = []
    for item in items {
      for s in item.strokes.indices {
        if number % record.strokeStride == 0 {
          expected.append((item.name, item.strokes[s], "\(item.transform)"))
        }
        number += 1
      }
    }
    let got = sampled.items.flatMap { i in i.strokes.map { (i.name, $0, "\(i.transform)") } }
    #expect(got.map(\.0) == expected.map(\.0))
    #expect(got.map(\.1) == expected.map(\.1))
    #expect(got.map(\.2) == expected.map(\.2))
    // A budget at or above the corpus: the workload itself.
    let (same, all) = w.timingSample(budget: w.pointCount)
    #expect(all.isComplete && same.pointCount == w.pointCount)
  }

  @Test("the benchmark times only the sampled points, the same ones in every lane")
  func benchmarkTimesTheSample() throws {
    var o = MeasurementTests.quickOptions()
    o.syntheticLengths = []
    let strokes = (0..<40).map { SampleFactory.line(20 + $0 % 7) }
    let workload = BenchWorkload(strokes: strokes)
    o.timedPointBudget = 200
    let record = workload.timingRecord(budget: 200)
    #expect(!record.isComplete && record.pointsTimed <= 200)
    let (figures, _, _) = try PointBenchmark(options: o, timer: MeasurementTests.timer)
      .measure([try StraightFactory.make()], workload: workload, referenceID: "straight")
    for f in figures {
      #expect(f.all?.count == record.pointsTimed)
      #expect(f.finish?.count == record.strokesTimed)
    }
    // Without a budget (files from before it): every point, as before.
    o.timedPointBudget = nil
    let (every, _, _) = try PointBenchmark(options: o, timer: MeasurementTests.timer)
      .measure([try StraightFactory.make()], workload: workload, referenceID: "straight")
    #expect(every.allSatisfy { $0.all?.count == workload.pointCount })
  }

  @Test("a budget outside its range is refused")
  func validation() {
    var o = BenchOptions()
    #expect(o.timedPointBudget == TimingSample.defaultBudget)
    o.timedPointBudget = 5
    #expect(throws: BenchError.self) { try o.validate() }
  }
}
