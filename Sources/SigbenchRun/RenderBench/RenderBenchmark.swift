import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The renderer's own performance figures: one-shot renders of an 800×300 canvas and the
/// incremental canvas per pushed point.
///
/// 1. One-shot: the geometry of one drawing (smoothing done beforehand, timed apart) rendered
///    into an 800×300 canvas at 2× and 4× supersampling: masks, compositing and the libgd
///    image; PNG encoding timed separately. Median (and p90, min) of `--runs` runs after 3
///    warm-up runs.
/// 2. Incremental: every fixture replayed point by point into an `IncrementalCanvas` at 2×,
///    800×300, each `apply(_:)` (stable segment + tentative tail) timed alone; `push + apply`
///    is reported too. Percentiles are nearest-rank over every update of `--rounds` rounds; the
///    latency per class of touched pixel area and the slowest updates with the area they
///    touched show what bounds the tail of the distribution.
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

  /// Runs both lanes; every result line goes to `emit` (the CLI prints them).
  public func run(emit: (String) -> Void) throws {
    emit(
      "sigbench render-bench (\(BuildConfiguration.current) build), strategy \(strategy.label)")
    let drawing = try CorpusInput.load(file, policy: .everyFile).drawings[0]
    try oneShot(drawing, emit)
    let emitted = try incremental(emit, syntheticTail: 0)
    if tail > 0 && !emitted {
      _ = try incremental(emit, syntheticTail: tail)
    }
  }

  func oneShot(_ drawing: Drawing, _ emit: (String) -> Void) throws {
    var smoothing: [Double] = []
    var inks: [StrokeInk] = []
    for _ in 0..<max(3, runs / 4) {
      let t0 = MonotonicClock.now()
      inks = StrokeInk.final(drawing, strategy)
      smoothing.append(Double(MonotonicClock.now() - t0))
    }
    let layout = try CanvasLayout.resolve(
      .fit(width: 800, height: 300, margin: 10), ink: InkBounds.of(inks.map(\.stable)))
    emit(
      "one-shot: \(drawing.name), \(drawing.strokes.count) strokes, \(drawing.sampleCount) "
        + "samples, 800x300; smoothing (not included) median \(Self.ms(Self.median(smoothing)))")
    for factor in [2, 4] {
      var spec = RenderSpec()
      spec.width = layout.pixelWidth
      spec.height = layout.pixelHeight
      spec.supersample = factor
      spec.tentative = nil
      let renderer = DrawingRenderer(spec: spec)
      var render: [Double] = []
      var encode: [Double] = []
      var fresh: [Double] = []
      var cpu: [Double] = []
      var workspace = RenderWorkspace()
      for i in 0..<(runs + 3) {
        let f0 = MonotonicClock.now()
        let first = try renderer.renderCanvas(
          strokes: inks, samples: [], transform: layout.transform
        ).makeImage()
        BlackHole.consume(UInt64(first.width))
        let t0 = MonotonicClock.now()
        if i >= 3 { fresh.append(Double(t0 - f0)) }
        let c0 = Self.threadCPUTime()
        let image = try renderer.renderCanvas(
          strokes: inks, samples: [], transform: layout.transform, background: nil,
          workspace: &workspace
        ).makeImage()
        let t1 = MonotonicClock.now()
        if i >= 3 { cpu.append(Self.threadCPUTime() - c0) }
        let png = image.pngData(level: 3)
        let t2 = MonotonicClock.now()
        BlackHole.consume(UInt64(png.count))
        if i >= 3 {
          render.append(Double(t1 - t0))
          encode.append(Double(t2 - t1))
        }
      }
      let s = render.sorted()
      emit(
        "  \(factor)x render: median \(Self.ms(Self.median(render))), p90 "
          + "\(Self.ms(Percentiles.nearestRank(s, 90)!)), min \(Self.ms(s[0])) over \(runs) runs "
          + "(reused workspace; fresh mask each time: median \(Self.ms(Self.median(fresh))))")
      emit(
        "     thread CPU time median \(Self.ms(Self.median(cpu))) (excludes time preempted); "
          + "PNG encode (level 3) median \(Self.ms(Self.median(encode)))")
    }
  }

  struct Update {
    var ns: Double
    var area: Int
    var name: String
  }

  /// Runs the incremental lane; returns whether the strategy emitted any tentative geometry.
  func incremental(_ emit: (String) -> Void, syntheticTail: Int) throws -> Bool {
    let drawings = try CorpusInput.load(corpus).drawings
    var applies: [Update] = []
    var pushApply: [Double] = []
    var emitted = false
    for _ in 0..<rounds {
      for d in drawings {
        let bounds = InkBounds.of(StrokeInk.final(d, strategy).map(\.stable))
        let layout = try CanvasLayout.resolve(
          .fit(width: 800, height: 300, margin: 10), ink: bounds)
        var spec = RenderSpec()
        spec.width = layout.pixelWidth
        spec.height = layout.pixelHeight
        spec.supersample = 2
        var live = IncrementalCanvas(spec: spec, transform: layout.transform)
        var output = StrokeOutput(reservingSegments: 64, elements: 256, discs: 64)
        for stroke in d.strokes {
          var instance = strategy.makeInstance()
          var lane = Lane(name: d.name, tail: syntheticTail)
          Self.replay(&instance, stroke.samples, &live, &output, &lane)
          applies += lane.applies
          pushApply += lane.pushApply
          emitted = emitted || lane.emittedTail
          live.endStroke()
        }
      }
    }
    let summary = LatencySummary(applies.map(\.ns))!
    let both = LatencySummary(pushApply)!
    let laneName =
      syntheticTail > 0
      ? "with a stand-in tail of the last \(syntheticTail) stable updates" : "as the strategy emits"
    emit(
      "incremental, \(laneName) (2x, 800x300, \(drawings.count) drawings x \(rounds) rounds, "
        + "\(summary.count) updates):")
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
    return emitted
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
    _ output: inout StrokeOutput, _ lane: inout Lane
  ) {
    for (i, sample) in samples.enumerated() {
      let t0 = MonotonicClock.now()
      s.push(sample, into: &output)
      let t1 = MonotonicClock.now()
      lane.emittedTail = lane.emittedTail || !output.tentative.isEmpty
      if lane.tail > 0 && output.tentative.isEmpty {
        // Built outside the timed region: the last N stable updates, redrawn as a tail.
        for g in lane.recent { output.tentative.append(contentsOf: g) }
      }
      let before = live.tentativeBounds.area
      let t2 = MonotonicClock.now()
      live.apply(output)
      let t3 = MonotonicClock.now()
      lane.applies.append(
        Update(
          ns: Double(t3 - t2),
          area: before + live.lastStableBounds.area + live.tentativeBounds.area, name: lane.name))
      lane.pushApply.append(Double(t1 - t0) + Double(t3 - t2))
      if lane.tail > 0 && !output.stable.isEmpty {
        lane.recent.append(output.stable)
        if lane.recent.count > lane.tail { lane.recent.removeFirst() }
      }
      if i == samples.count - 1 {
        s.finish(into: &output)
        let t4 = MonotonicClock.now()
        live.apply(output)
        lane.applies.append(
          Update(
            ns: Double(MonotonicClock.now() - t4), area: live.lastStableBounds.area,
            name: lane.name))
      }
    }
  }

  static func threadCPUTime() -> Double { ThreadCPUClock.now() }

  static func median(_ v: [Double]) -> Double { Percentiles.nearestRank(v.sorted(), 50) ?? 0 }
}
