import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The strokes a benchmark replays, grouped by drawing, with the canvas each drawing is drawn on
/// in the `smooth+raster` lane.
///
/// The raster lane draws into an `IncrementalCanvas` of `rasterSpec` (800 × 300 output pixels at
/// 2× supersampling by default) with a transform fitted to each drawing's bounds, as the
/// one-shot renderer fits it (`DrawingRenderer.fitTransform`).
public struct BenchWorkload: Sendable {
  /// One drawing: its strokes and the transform that fits it into the raster canvas.
  public struct Item: Sendable {
    public var name: String
    /// Packed (`CompactStrokes`): 32 bytes a sample at most.
    public var strokes: CompactStrokes
    public var transform: Transform

    public init(name: String, strokes: CompactStrokes, transform: Transform) {
      self.name = name
      self.strokes = strokes
      self.transform = transform
    }
  }

  public var items: [Item]
  public var rasterSpec: RenderSpec

  /// The raster canvas of the `smooth+raster` lane: 800 × 300 at 2×.
  public static var defaultRasterSpec: RenderSpec {
    var spec = RenderSpec()
    spec.width = 800
    spec.height = 300
    spec.supersample = 2
    return spec
  }

  /// Builds the workload from drawings; drawings without ink samples are left out.
  public init(drawings: [Drawing], rasterSpec: RenderSpec = BenchWorkload.defaultRasterSpec) {
    self.rasterSpec = rasterSpec
    let renderer = DrawingRenderer(spec: rasterSpec)
    items = drawings.compactMap { BenchWorkload.item($0, renderer) }
  }

  /// Builds a workload from items made one drawing at a time (`item(_:spec:)`), so a streamed
  /// corpus never holds its drawings.
  public init(items: [Item], rasterSpec: RenderSpec = BenchWorkload.defaultRasterSpec) {
    self.rasterSpec = rasterSpec
    self.items = items
  }

  /// One drawing's item for a workload of `spec`; `nil` for a drawing without ink samples.
  public static func item(
    _ d: Drawing, spec: RenderSpec = BenchWorkload.defaultRasterSpec
  ) -> Item? {
    item(d, DrawingRenderer(spec: spec))
  }

  static func item(_ d: Drawing, _ renderer: DrawingRenderer) -> Item? {
    let strokes = d.strokes.map(\.samples).filter { !$0.isEmpty }
    guard !strokes.isEmpty, let bounds = d.bounds else { return nil }
    return Item(
      name: d.name, strokes: CompactStrokes(strokes), transform: renderer.fitTransform(bounds))
  }

  /// A workload of loose strokes (one item each), e.g. synthetic strokes.
  public init(strokes: [[Sample]], rasterSpec: RenderSpec = BenchWorkload.defaultRasterSpec) {
    self.init(
      drawings: strokes.enumerated().map { i, s in
        Drawing(name: "stroke-\(i)", strokes: [Stroke(samples: s)])
      }, rasterSpec: rasterSpec)
  }

  /// Total ink samples.
  public var pointCount: Int { items.reduce(0) { $0 + $1.strokes.sampleCount } }
  /// Samples of the longest stroke (0 without strokes).
  public var longestStroke: Int {
    items.reduce(0) { m, item in
      item.strokes.indices.reduce(m) { max($0, item.strokes.count(of: $1)) }
    }
  }
  /// Total strokes.
  public var strokeCount: Int { items.reduce(0) { $0 + $1.strokes.count } }

  /// The first `points` samples in corpus order (the last stroke taken is cut short; all
  /// samples if fewer): the stated subset a slow counter run replays.
  public func prefix(points: Int) -> BenchWorkload {
    var copy = self
    var left = points
    copy.items = []
    for item in items where left > 0 {
      var taken = item
      taken.strokes = []
      for s in item.strokes.indices where left > 0 {
        let stroke = item.strokes[s]
        taken.strokes.append(Array(stroke.prefix(left)))
        left -= min(left, stroke.count)
      }
      copy.items.append(taken)
    }
    return copy
  }

  /// The strokes the timing phase times under `budget` points (`TimingSample`: every stroke up
  /// to the budget, else whole strokes at a fixed stride over the corpus), with the record of
  /// the choice. Each drawing keeps its raster transform; drawings with no stroke taken are
  /// left out. `budget == nil` times every stroke.
  ///
  /// - Complexity: O(strokes) (plus O(strokes) per extra stride tried), and O(points taken)
  ///   to copy the strokes taken.
  public func timingSample(budget: Int?) -> (workload: BenchWorkload, sample: TimingSample) {
    let sample = timingRecord(budget: budget)
    if let cut = sample.cutAt { return (prefix(points: cut), sample) }
    guard sample.strokeStride > 1 else { return (self, sample) }
    var copy = self
    copy.items = []
    var number = 0
    for item in items {
      var taken = item
      taken.strokes = []
      for s in item.strokes.indices {
        if sample.times(stroke: number) { taken.strokes.append(item.strokes[s]) }
        number += 1
      }
      if !taken.strokes.isEmpty { copy.items.append(taken) }
    }
    return (copy, sample)
  }

  /// Which strokes `timingSample(budget:)` takes, without copying them.
  public func timingRecord(budget: Int?) -> TimingSample {
    var lengths: [Int] = []
    lengths.reserveCapacity(strokeCount)
    for item in items {
      for s in item.strokes.indices { lengths.append(item.strokes.count(of: s)) }
    }
    return TimingSample.choose(lengths: lengths, budget: budget ?? Int.max)
  }

  /// A smooth synthetic stroke of `count` samples at 240 Hz: a wave across the page with a
  /// slow pressure swell, deterministic, positions in CSS px.
  public static func syntheticStroke(count: Int) -> [Sample] {
    var out: [Sample] = []
    out.reserveCapacity(count)
    for i in 0..<count {
      let t = Double(i) / 240
      let u = Double(i) / Double(max(1, count - 1))
      let x = 20 + 560 * u
      let phase = 2 * Double.pi * 6 * u
      let y = 150 + 60 * sin(phase)
      let pressure = 0.3 + 0.4 * (0.5 + 0.5 * sin(phase / 3))
      out.append(Sample(x: x, y: y, time: t, pressure: pressure))
    }
    return out
  }
}
