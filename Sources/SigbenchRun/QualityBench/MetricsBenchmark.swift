import CShim
import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchQuality
import SigbenchResults
import SigbenchSynth

/// What the quality metrics cost on one long stroke, per strategy: the accuracy measurement
/// (both directions) against the stroke's own samples, against the ground truth as the
/// synthetic corpus stores it and against a truth ten times denser than the samples, and every
/// metric of the drawing together (against the stored truth).
///
/// The workload is one stroke of `points` samples along a looping coil (a prolate trochoid
/// that crosses itself once per loop, so the grids see self-intersecting ink) with `spacing` px
/// between samples on average: the pen circles a radius of 48 · spacing / 2π every 48 samples
/// while advancing 0.2 · spacing px per sample (2 px: a 240 Hz recording of a signature moving
/// at 480 px/s; a 10,000-sample stroke is then about 20,000 px long), 120 Hz time stamps, and
/// Gaussian position noise of 0.15 px (seeded, so every run measures the same stroke). The
/// cost of the accuracy measurement grows with the ink's length (a point every
/// `QualityConstants.measurementSpacing`, 1 px, on each side). Each reference (its grid and
/// measurement points; for all metrics also its corners and the pressure finding) is prepared
/// once per drawing and shared by every strategy, as `sigbench run` does, so it is timed once,
/// on its own line, and the strategies' figures measure their ink against it. The stored
/// truth is the exact coil evaluated at twenty times the sampling density and thinned like the synthetic corpus's (`TruthTrace.thin`: within 0.005 px, chords at most
/// 2 px); the dense truth is the exact coil at ten times the sampling density. Each strategy
/// smooths the stroke once beforehand (not timed); each figure is the median of `runs` timed
/// repetitions after one untimed warm-up, in milliseconds of the thread's CPU time (what the
/// work costs, whatever else the machine runs); the wall time against the truth is shown too.
///
/// Under callgrind (`valgrind --tool=callgrind --collect-atstart=no sigbench metrics-bench`)
/// each figure is instead one run after the warm-up with collection switched on around it
/// alone, dumped as its own part labelled `metrics|<strategy>|<figure>` (figures `samples`,
/// `truth`, `dense`, `all`; strategy `reference` for the shared preparation): the part's total is the figure's exact instruction count, the
/// machine-independent measure (`grep -H -e Trigger -e '^summary' -e '^totals'
/// callgrind.out.*` lists them). The times printed then mean nothing.
public struct MetricsBenchmark: Sendable {
  /// Samples in the stroke (2…1,000,000).
  public var points: Int
  /// Mean distance between samples, px (0.1…20).
  public var spacing: Double
  /// Timed repetitions per figure.
  public var runs: Int
  public var strategies: [ConfiguredStrategy]
  /// The accuracy target a figure is checked against, ms.
  public static let accuracyTarget = 10.0

  public init(points: Int, spacing: Double = 2, runs: Int, strategies: [ConfiguredStrategy]) {
    self.points = points
    self.spacing = spacing
    self.runs = runs
    self.strategies = strategies
  }

  /// One strategy's figures, ms of thread CPU time (medians over the runs).
  public struct Figures: Sendable, Hashable {
    public var strategy: String
    /// Centreline segments of the finished ink.
    public var segments: Int
    public var accuracyAgainstSamples: Double
    public var accuracyAgainstTruth: Double
    public var accuracyAgainstDenseTruth: Double
    public var allMetrics: Double
  }

  /// The stroke and its truth (see the type's comment).
  public static func workload(points n: Int, spacing: Double) -> (
    drawing: Drawing, denseTruth: [Point]
  ) {
    var rng = SplitMix64(seed: 0x5EED_0012)
    let radius = 48 * spacing / (2 * Double.pi)
    func coil(_ u: Double) -> Point {
      let angle = 2 * Double.pi * u / 48
      return Point(
        x: 40 + radius + 0.2 * spacing * u + radius * cos(angle),
        y: 40 + radius + radius * sin(angle))
    }
    var samples: [Sample] = []
    samples.reserveCapacity(n)
    for i in 0..<n {
      // Box–Muller from two uniforms in (0, 1].
      let u1 = Double((rng.next() >> 11) + 1) * 0x1p-53
      let u2 = Double(rng.next() >> 11) * 0x1p-53
      let r = 0.15 * (-2 * log(u1)).squareRoot()
      let p = coil(Double(i))
      samples.append(
        Sample(
          x: p.x + r * cos(2 * Double.pi * u2), y: p.y + r * sin(2 * Double.pi * u2),
          time: Double(i) / 120, pressure: 0.5))
    }
    let stored = TruthTrace.thin((0...(20 * (n - 1))).map { coil(Double($0) / 20) })
    let dense = (0...(10 * (n - 1))).map { coil(Double($0) / 10) }
    let drawing = Drawing(
      name: "coil-\(n)", strokes: [Stroke(samples: samples)],
      groundTruth: GroundTruth(strokes: [stored]))
    return (drawing, dense)
  }

  /// Times every strategy; result lines go to `emit` (the CLI prints them).
  public func run(emit: (String) -> Void) -> [Figures] {
    let (drawing, dense) = Self.workload(points: points, spacing: spacing)
    let samples = drawing.strokes[0].samples
    let inputPolyline = samples.map(\.point)
    let truth = drawing.groundTruth!.strokes[0]
    let length = zip(inputPolyline, inputPolyline.dropFirst()).reduce(0) {
      $0 + $1.0.distance(to: $1.1)
    }
    emit(
      "sigbench metrics-bench (\(BuildConfiguration.current) build): one stroke of \(points) "
        + "samples \(spacing) px apart (looping coil, \(Int(length.rounded())) px), truth "
        + "\(truth.count) vertices stored, \(dense.count) dense; "
        + "median of \(runs) runs, ms of thread CPU time (wall time in the last column); "
        + "accuracy target \(Self.accuracyTarget) ms")
    // Everything about the references is prepared once per drawing and shared by every
    // strategy (as `sigbench run` does): timed once here, apart from the strategies.
    let prepSamples = median("reference|samples") {
      _ = CurveAccuracy.Reference(inputPolyline)
    }.cpu
    let prepTruth = median("reference|truth") { _ = CurveAccuracy.Reference(truth) }.cpu
    let prepDense = median("reference|dense") { _ = CurveAccuracy.Reference(dense) }.cpu
    let prepAll = median("reference|all") { _ = QualityReference(drawing) }.cpu
    emit(
      "references, prepared once per drawing for every strategy (ms): samples "
        + String(
          format: "%.2f, truth %.2f, dense truth %.2f, all metrics %.2f", prepSamples, prepTruth,
          prepDense, prepAll))
    let references = (
      samples: CurveAccuracy.Reference(inputPolyline), truth: CurveAccuracy.Reference(truth),
      dense: CurveAccuracy.Reference(dense), all: QualityReference(drawing)
    )
    emit(
      "strategy".padding(toLength: 24, withPad: " ", startingAt: 0)
        + "segments  vs samples  vs truth  vs dense truth  all metrics  wall vs truth")
    var out: [Figures] = []
    for strategy in strategies {
      let trace = StrokeTrace(replaying: samples, through: strategy)
      let label = strategy.label
      let vsSamples = median("\(label)|samples") {
        _ = CurveAccuracy.distances(ink: trace.ink, reference: references.samples)
      }.cpu
      let truthTimes = median("\(label)|truth") {
        _ = CurveAccuracy.distances(ink: trace.ink, reference: references.truth)
      }
      let vsTruth = truthTimes.cpu
      let vsDense = median("\(label)|dense") {
        _ = CurveAccuracy.distances(ink: trace.ink, reference: references.dense)
      }.cpu
      let all = median("\(label)|all") {
        _ = QualityMeasure.drawing(references.all, traces: [trace])
      }.cpu
      let f = Figures(
        strategy: strategy.label, segments: trace.ink.centerline.count,
        accuracyAgainstSamples: vsSamples, accuracyAgainstTruth: vsTruth,
        accuracyAgainstDenseTruth: vsDense, allMetrics: all)
      out.append(f)
      emit(
        strategy.label.padding(toLength: 24, withPad: " ", startingAt: 0)
          + String(
            format: "%8d  %10.2f  %8.2f  %14.2f  %11.2f  %13.2f%@", f.segments, vsSamples,
            vsTruth, vsDense, all, truthTimes.wall,
            max(vsSamples, vsTruth) <= Self.accuracyTarget ? "" : "  over target"))
    }
    return out
  }

  /// Median thread CPU time and median wall time of `work` over `runs` runs after one
  /// warm-up, ms. Under valgrind: the warm-up, then one run collected and dumped as part
  /// `metrics|<figure>` (see the type's comment).
  func median(_ figure: String, _ work: () -> Void) -> (cpu: Double, wall: Double) {
    work()
    if CounterProbe.underValgrind {
      cshim_callgrind_zero_stats()
      cshim_callgrind_toggle_collect()
      work()
      cshim_callgrind_toggle_collect()
      "metrics|\(figure)".withCString { cshim_callgrind_dump_stats_at($0) }
      return (0, 0)
    }
    var cpu: [Double] = []
    var wall: [Double] = []
    for _ in 0..<runs {
      let c0 = ThreadCPUClock.now()
      let t0 = MonotonicClock.now()
      work()
      wall.append(Double(MonotonicClock.now() - t0) / 1e6)
      cpu.append((ThreadCPUClock.now() - c0) / 1e6)
    }
    func mid(_ v: [Double]) -> Double {
      let s = v.sorted()
      return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    return (mid(cpu), mid(wall))
  }
}
