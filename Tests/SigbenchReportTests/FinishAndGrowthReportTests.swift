import SigbenchReport
import SigbenchResults
import Testing

/// The two figures that make a batch-mode strategy's finish and an O(n) push's growth readable
/// from the report itself.
@Suite("finish per stroke point and growth per point drawn in the reports")
struct FinishAndGrowthReportTests {
  @Test("growth per point drawn: the tenths' medians over 0.9 × length")
  func growthArithmetic() {
    let flat = SyntheticFigure(length: 10_000, p50: 600, firstTenthP50: 600, lastTenthP50: 600)
    #expect(flat.growthPerPointNs == 0)
    // 246 ns per point drawn over the 9,000 points between the tenths' middles.
    let linear = SyntheticFigure(
      length: 10_000, p50: 1_000_000, firstTenthP50: 123_000, lastTenthP50: 123_000 + 246 * 9_000)
    #expect(abs(linear.growthPerPointNs - 246) < 1e-9)
    let falling = SyntheticFigure(length: 100, p50: 90, firstTenthP50: 99, lastTenthP50: 90)
    #expect(abs(falling.growthPerPointNs - -0.1) < 1e-12)
  }

  @Test("summary.md: a finish ÷ stroke points row, tenths and growth of the longest stroke")
  func summary() {
    var b = IndexPageTests.bench()
    b.figures[0].finishPerPoint = LatencySummary([2, 4, 6])
    b.figures[0].synthetic = [
      SyntheticFigure(length: 100, p50: 50, firstTenthP50: 60, lastTenthP50: 51),
      SyntheticFigure(length: 10_000, p50: 1_000, firstTenthP50: 100, lastTenthP50: 2_350),
    ]
    let md = BenchMarkdown.render(b)
    #expect(
      md.contains("| straight | smooth | finish ÷ stroke points | 4.00 ns | 6.00 ns | 6.00 ns "),
      "\(md)")
    #expect(md.contains("50.0 ns (60.0 ns → 51.0 ns) / 1.00 µs (100.0 ns → 2.35 µs)"), "\(md)")
    #expect(md.contains("| +0.25 ns (10000 samples) |"), "\(md)")
    #expect(
      md.contains("`finish ÷ stroke points`: each stroke's finish bracket ÷ its sample count"))
    // The sheet shows the per-point finish beside the finish.
    let html = BenchSection.render(IndexPageTests.fixture(), b)
    #expect(html.contains("10 ns (4 ns / point)"), "\(html)")
  }

  @Test("older results without the figure: no row, no per-point note in the sheet")
  func absent() {
    let b = IndexPageTests.bench()
    let md = BenchMarkdown.render(b)
    #expect(!md.contains("| finish ÷ stroke points |"))
    #expect(md.contains("| – | – |\n"), "no synthetic strokes: no tenths, no growth")
    #expect(!BenchSection.render(IndexPageTests.fixture(), b).contains("/ point)"))
  }

  @Test("signed nanoseconds: sign, two decimals, no negative zero")
  func signed() {
    let b = IndexPageTests.bench()
    var neg = b
    neg.figures[0].synthetic = [
      SyntheticFigure(length: 10_000, p50: 90, firstTenthP50: 91, lastTenthP50: 90.99)
    ]
    #expect(BenchMarkdown.render(neg).contains("| 0.00 ns (10000 samples) |"))
    neg.figures[0].synthetic[0].lastTenthP50 = 91 - 0.9 * 10_000 * 0.15
    #expect(BenchMarkdown.render(neg).contains("| -0.15 ns (10000 samples) |"))
  }
}
