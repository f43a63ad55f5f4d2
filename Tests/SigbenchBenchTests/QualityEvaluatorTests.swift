import SigbenchBench
import SigbenchResults
import Testing

@Suite("quality gate verdicts")
struct QualityEvaluatorTests {
  let tol = QualityTolerance(relative: 0.01, absolute: 0.01, source: "default")

  @Test("lower is better: worse beyond both parts regresses, within either part does not")
  func lower() {
    #expect(QualityEvaluator.verdict(.lowerIsBetter, head: 1.02, base: 1, tol) == .regressed)
    #expect(QualityEvaluator.verdict(.lowerIsBetter, head: 1.009, base: 1, tol) == .noChange)
    // 1 % of 0.1 px is 0.001 px: the 0.01 px floor decides.
    #expect(QualityEvaluator.verdict(.lowerIsBetter, head: 0.105, base: 0.1, tol) == .noChange)
    #expect(QualityEvaluator.verdict(.lowerIsBetter, head: 0.12, base: 0.1, tol) == .regressed)
    #expect(QualityEvaluator.verdict(.lowerIsBetter, head: 0.5, base: 1, tol) == .improved)
    #expect(QualityEvaluator.verdict(.lowerIsBetter, head: nil, base: 1, tol) == .unavailable)
  }

  @Test("higher is better and closer to 1 mirror it")
  func otherDirections() {
    #expect(QualityEvaluator.verdict(.higherIsBetter, head: 0.5, base: 0.9, tol) == .regressed)
    #expect(QualityEvaluator.verdict(.higherIsBetter, head: 0.95, base: 0.9, tol) == .improved)
    #expect(QualityEvaluator.verdict(.closerToOne, head: 1.6, base: 1.0, tol) == .regressed)
    #expect(QualityEvaluator.verdict(.closerToOne, head: 1 / 1.6, base: 1.0, tol) == .regressed)
    #expect(QualityEvaluator.verdict(.closerToOne, head: 1.0, base: 1.6, tol) == .improved)
  }

  @Test("every directional catalog metric is compared per strategy on both sides; neutral never")
  func compare() {
    var head = QualityFigures()
    head[.endGapMean] = 5
    head[.endGapMax] = 5
    var base = head
    base[.endGapMean] = 0
    base[.endGapMax] = 0
    let r = QualityEvaluator.compare(
      head: ["s": head, "only-head": head], base: ["s": base], settings: GateSettings.standard)
    let directional = QualityMetric.catalog.filter { $0.direction != .neutral }
    #expect(r.count == directional.count)
    #expect(r.allSatisfy { $0.strategy == "s" })
    #expect(r.filter { $0.verdict == .regressed }.map(\.metric).contains("end-gap"))
    #expect(!r.contains { c in QualityMetric.named(c.metric)?.direction == .neutral })
  }

  @Test("--quality-tolerances parses per metric and rejects unknown ids")
  func tolerances() throws {
    var s = GateSettings.standard
    try s.applyQualityTolerances("end-gap=2%/0.05", known: ["end-gap": "px"])
    #expect(
      s.qualityTolerance("end-gap", unit: "px")
        == QualityTolerance(relative: 0.02, absolute: 0.05, source: "--quality-tolerances"))
    #expect(s.qualityTolerance("turn-p95", unit: "°").absolute == 0.1)
    #expect(throws: BenchError.self) {
      try s.applyQualityTolerances("nope=1%", known: ["end-gap": "px"])
    }
  }
}
