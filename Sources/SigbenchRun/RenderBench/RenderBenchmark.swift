import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The renderer's own performance figures: one-shot renders of an 800×300 canvas and the
/// incremental canvas per pushed point, timed through the closure harness
/// (`ClosureBenchmark`: calibrated clock with its read overhead subtracted, verified warm-up,
/// nearest-rank percentiles) and written to `render-bench.json` (`RenderBenchReport`).
///
/// 1. One-shot: the geometry of one drawing (smoothing done beforehand, timed apart) rendered
///    into an 800×300 canvas at 2× and 4× supersampling: masks, compositing and the libgd
///    image, with a reused workspace and with a fresh one; PNG encoding timed separately, both
///    through libgd (level 3, libpng's adaptive row filters) and through `fastPNGData`
///    (unfiltered rows, level 3: what `run` writes). `--runs` timed runs each.
/// 2. Incremental: every fixture replayed point by point into an `IncrementalCanvas` at 2×,
///    800×300, each `apply(_:)` (stable segment + tentative tail) bracketed alone; `push +
///    apply` is reported too. Percentiles are over every update of `--rounds` timed passes over
///    the corpus (after the harness's warm-up passes); the latency per class of touched pixel
///    area and the slowest updates with the area they touched show what bounds the tail.
public struct RenderBenchmark: Sendable {
  public var corpus: String
  public var file: String
  public var strategy: ConfiguredStrategy
  /// Timed one-shot runs per factor.
  public var runs: Int
  /// Incremental replays of the corpus.
  public var rounds: Int
  /// Stand-in tail length for a strategy without a tentative tail (0 skips that lane).
  public var tail: Int

  public init(
    corpus: String, file: String, strategy: ConfiguredStrategy, runs: Int, rounds: Int, tail: Int
  ) {
    self.corpus = corpus
    self.file = file
    self.strategy = strategy
    self.runs = runs
    self.rounds = rounds
    self.tail = tail
  }

  static func ms(_ ns: Double) -> String { String(format: "%.2f ms", ns / 1e6) }
  static func us(_ ns: Double) -> String { String(format: "%.2f µs", ns / 1e3) }

  /// Runs both lanes; every result line goes to `emit` (the CLI prints them) and into the
  /// returned report.
  public func run(emit: (String) -> Void) throws -> RenderBenchReport {
    var lines: [String] = []
    func say(_ line: String) {
      lines.append(line)
      emit(line)
    }
    let timer = TimerCalibration.measure()
    var timings: [ClosureTiming] = []
    say("sigbench render-bench (\(BuildConfiguration.current) build), strategy \(strategy.label)")
    let drawing = try CorpusInput.load(file, policy: .everyFile).drawings[0]
    timings += try oneShot(drawing, ClosureBenchmark(timer: timer, runs: runs), say)
    let series = ClosureBenchmark(timer: timer, runs: rounds)
    let (first, emitted) = try incremental(series, say, syntheticTail: 0)
    timings += first
    if tail > 0 && !emitted {
      timings += try incremental(series, say, syntheticTail: tail).timings
    }
    return RenderBenchReport(
      context: TimingResultsFile.context(timer: timer), strategy: strategy.label, file: file,
      corpus: corpus, timings: timings, lines: lines)
  }

  func oneShot(
    _ drawing: Drawing, _ harness: ClosureBenchmark, _ emit: (String) -> Void
  ) throws -> [ClosureTiming] {
    var inks: [StrokeInk] = []
    let smoothing = harness.measure("smoothing") {
      inks = StrokeInk.final(drawing, strategy)
      return inks.count
    }
    let layout = try CanvasLayout.resolve(
      .fit(width: 800, height: 300, margin: 10), ink: InkBounds.of(inks.map(\.stable)))
    emit(
      "one-shot: \(drawing.name), \(drawing.strokes.count) strokes, \(drawing.sampleCount) "
        + "samples, 800x300; smoothing (not included) median \(Self.ms(smoothing.summary.p50))")
    var timings = [smoothing]
    for factor in [2, 4] {
      var spec = RenderSpec()
      spec.width = layout.pixelWidth
      spec.height = layout.pixelHeight
      spec.supersample = factor
      spec.tentative = nil
      let renderer = DrawingRenderer(spec: spec)
      var workspace = RenderWorkspace()
      let render = harness.measure("render \(factor)x, reused workspace") {
        let canvas = renderer.renderCanvas(
          strokes: inks, samples: [], transform: layout.transform, background: nil,
          workspace: &workspace)
        return (try? canvas.makeImage())?.width ?? 0
      }
      let fresh = harness.measure("render \(factor)x, fresh workspace") {
        let canvas = renderer.renderCanvas(strokes: inks, samples: [], transform: layout.transform)
        return (try? canvas.makeImage())?.width ?? 0
      }
      let image = try renderer.renderCanvas(
        strokes: inks, samples: [], transform: layout.transform, background: nil,
        workspace: &workspace
      ).makeImage()
      let libgd = harness.measure("PNG \(factor)x, libgd level 3") {
        image.pngData(level: 3).count
      }
      let fast = harness.measure("PNG \(factor)x, unfiltered level 3") {
        (try? image.fastPNGData())?.count ?? 0
      }
      let r = render.summary
      emit(
        "  \(factor)x render: median \(Self.ms(r.p50)), p90 \(Self.ms(r.p90)), min "
          + "\(Self.ms(r.min ?? r.p50)) over \(r.count) runs (reused workspace; fresh workspace "
          + "each time: median \(Self.ms(fresh.summary.p50)))")
      emit(
        "     PNG encode median: libgd level 3 \(Self.ms(libgd.summary.p50)), unfiltered level 3 "
          + "(run's pictures) \(Self.ms(fast.summary.p50))")
      timings += [render, fresh, libgd, fast]
    }
    return timings
  }

  struct Update {
    var ns: Double
    var area: Int
    var name: String
  }

  /// Runs the incremental lane (a series through `harness`: its warm-up passes, then
  /// `rounds` timed passes over the corpus); returns the timings and whether the strategy
  /// emitted any tentative geometry.
  func incremental(
    _ harness: ClosureBenchmark, _ emit: (String) -> Void, syntheticTail: Int
  ) throws -> (timings: [ClosureTiming], emitted: Bool) {
    let drawings = try CorpusInput.load(corpus).drawings
    var specs: [(RenderSpec, Transform)] = []
    for d in drawings {
      let bounds = InkBounds.of(StrokeInk.final(d, strategy).map(\.stable))
      let layout = try CanvasLayout.resolve(
        .fit(width: 800, height: 300, margin: 10), ink: bounds)
      var spec = RenderSpec()
      spec.width = layout.pixelWidth
      spec.height = layout.pixelHeight
      spec.supersample = 2
      specs.append((spec, layout.transform))
    }
    var applies: [Update] = []
    var pushApply: [Double] = []
    var emitted = false
    let laneName =
      syntheticTail > 0
      ? "with a stand-in tail of the last \(syntheticTail) stable updates" : "as the strategy emits"
    let timing = harness.series("incremental apply, \(laneName)") { bracket in
      for (d, (spec, transform)) in zip(drawings, specs) {
        var live = IncrementalCanvas(spec: spec, transform: transform)
        var output = StrokeOutput(reservingSegments: 64, elements: 256, discs: 64)
        for stroke in d.strokes {
          var instance = strategy.makeInstance()
          var lane = Lane(name: d.name, tail: syntheticTail)
          Self.replay(&instance, stroke.samples, &live, &output, &lane, &bracket)
          if bracket.isTimed {
            applies += lane.applies
            pushApply += lane.pushApply
          }
          emitted = emitted || lane.emittedTail
          live.endStroke()
        }
      }
    }
    guard let timing else { return ([], emitted) }
    let summary = timing.summary
    let both = LatencySummary(pushApply)!
    emit(
      "incremental, \(laneName) (2x, 800x300, \(drawings.count) drawings x \(rounds) rounds "
        + "after \(timing.warmup.discardedPasses + timing.warmup.passMedians.count) warm-up "
        + "rounds, \(summary.count) updates):")
    emit(
      "  apply: p50 \(Self.us(summary.p50)), p90 \(Self.us(summary.p90)), p99 "
        + "\(Self.us(summary.p99)), p99.9 \(Self.us(summary.p999)), max \(Self.us(summary.max))")
    emit(
      "  push+apply: p50 \(Self.us(both.p50)), p99 \(Self.us(both.p99)), max \(Self.us(both.max))")
    var perDrawing: [String: [Double]] = [:]
    for u in applies { perDrawing[u.name, default: []].append(u.ns) }
    for name in perDrawing.keys.sorted() {
      let l = LatencySummary(perDrawing[name]!)!
      emit(
        "    \(name.padding(toLength: 40, withPad: " ", startingAt: 0)) p50 \(Self.us(l.p50)) "
          + "p99 \(Self.us(l.p99)) max \(Self.us(l.max)) (\(l.count))")
    }
    let slow = applies.sorted { $0.ns > $1.ns }.prefix(5)
    let areas = applies.map { Double($0.area) }.sorted()
    emit(
      "  touched pixels per update (stable + old and new tail rectangles): p50 "
        + "\(Int(Percentiles.nearestRank(areas, 50)!)), p99 \(Int(Percentiles.nearestRank(areas, 99)!))"
    )
    for line in Self.byArea(applies) { emit(line) }
    for u in slow {
      emit("  slowest: \(Self.us(u.ns)) touching \(u.area) px in \(u.name)")
    }
    var pushApplyTiming = timing
    pushApplyTiming.name = "incremental push + apply, \(laneName)"
    pushApplyTiming.summary = both
    return ([timing, pushApplyTiming], emitted)
  }

  /// Upper ends (exclusive) of the touched-area classes, pixels; the last class is open.
  static let areaClasses = [256, 1024, 4096, 16384]

  /// Latency by touched pixels per update (stable rectangle plus old and new tail rectangles,
  /// at output resolution): what bounds an update's cost once the geometry is rasterized in
  /// one pass is the rows and pixels it clears, fills and downsamples, so slow updates should
  /// sit in the large classes (fast, sparse strokes whose tail spans much of the canvas).
  static func byArea(_ applies: [Update]) -> [String] {
    var lines = ["  apply latency by touched pixels (class: updates, p50, p99, max):"]
    var lower = 0
    for upper in areaClasses + [Int.max] {
      let ns = applies.filter { $0.area >= lower && $0.area < upper }.map(\.ns)
      let label = upper == Int.max ? "≥ \(lower)" : "\(lower)–\(upper - 1)"
      if let l = LatencySummary(ns) {
        lines.append(
          "    \(label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(l.count) updates, "
            + "p50 \(us(l.p50)), p99 \(us(l.p99)), max \(us(l.max))")
      }
      lower = upper
    }
    return lines
  }

  /// One stroke's measurements, and the stand-in tail's recent stable updates.
  struct Lane {
    var name: String
    var tail: Int
    var applies: [Update] = []
    var pushApply: [Double] = []
    var recent: [InkGeometry] = []
    var emittedTail = false
  }

  static func replay<S: SmoothingStrategy>(
    _ s: inout S, _ samples: [Sample], _ live: inout IncrementalCanvas,
    _ output: inout StrokeOutput, _ lane: inout Lane, _ bracket: inout ClosureBenchmark.Bracket
  ) {
    for (i, sample) in samples.enumerated() {
      let push = bracket.measure {
        s.push(sample, into: &output)
        return output.stable.centerline.count
      }
      lane.emittedTail = lane.emittedTail || !output.tentative.isEmpty
      if lane.tail > 0 && output.tentative.isEmpty {
        // Built outside the timed region: the last N stable updates, redrawn as a tail.
        for g in lane.recent { output.tentative.append(contentsOf: g) }
      }
      let before = live.tentativeBounds.area
      let apply = bracket.time {
        live.apply(output)
        return live.lastStableBounds.area
      }
      lane.applies.append(
        Update(
          ns: apply, area: before + live.lastStableBounds.area + live.tentativeBounds.area,
          name: lane.name))
      lane.pushApply.append(push + apply)
      if lane.tail > 0 && !output.stable.isEmpty {
        lane.recent.append(output.stable)
        if lane.recent.count > lane.tail { lane.recent.removeFirst() }
      }
      if i == samples.count - 1 {
        s.finish(into: &output)
        let finish = bracket.time {
          live.apply(output)
          return live.lastStableBounds.area
        }
        lane.applies.append(Update(ns: finish, area: live.lastStableBounds.area, name: lane.name))
      }
    }
  }

}
