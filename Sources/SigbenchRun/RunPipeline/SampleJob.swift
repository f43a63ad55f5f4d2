import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchResults

/// Renders every picture of one drawing into the run folder and measures its per-strategy
/// metrics; returns the drawing's `SampleEntry`.
struct SampleJob: Sendable {
  let images: SampleImages
  let strategies: [ConfiguredStrategy]
  let runFolder: URL

  func run(_ drawing: Drawing, index: Int, format: String) throws -> SampleEntry {
    let slug = RunFolder.slug(drawing.name)
    let folder = "img/\(String(format: "%04d", index))-\(slug)"
    try FileManager.default.createDirectory(
      at: runFolder.appendingPathComponent(folder), withIntermediateDirectories: true)
    func write(_ data: Data, _ name: String) throws -> String {
      let path = "\(folder)/\(name)"
      try AtomicFiles.write(data, to: runFolder.appendingPathComponent(path))
      return path
    }
    let thumbT = images.transform(for: drawing)
    let largeT = images.transform(for: drawing, spec: images.largeSpec)
    let rawPath = try write(try images.raw(drawing, thumbT), "raw.png")
    let overlay = try write(try images.rawOverlay(drawing, largeT), "raw-overlay.png")
    let focus = SampleImages.focusPoints(drawing)
    let moment = SampleImages.midStrokeMoment(drawing)
    var thumbs: [String: String] = [:]
    var large: [String: String] = [:]
    var mid: [String: String] = [:]
    var endCrops: [String: String] = [:]
    var cornerCrops: [String: String] = [:]
    var metrics: [String: SampleMetrics] = [:]
    for strategy in strategies {
      let key = RunFolder.slug(strategy.label)
      // Smoothed once; every picture and the metrics reuse it.
      let inks = StrokeInk.final(drawing, strategy)
      thumbs[strategy.label] = try write(try images.ink(drawing, inks, thumbT), "\(key).png")
      large[strategy.label] = try write(
        try images.ink(drawing, inks, largeT, spec: images.largeSpec), "\(key)-large.png")
      mid[strategy.label] = try write(
        try images.midStroke(drawing, strategy, largeT), "\(key)-mid.png")
      if let end = focus.end {
        let t = images.cropTransform(center: end, pageScale: largeT.scale)
        endCrops[strategy.label] = try write(
          try images.crop(drawing, inks, t), "\(key)-end.png")
      }
      if let corner = focus.corner {
        let t = images.cropTransform(center: corner, pageScale: largeT.scale)
        cornerCrops[strategy.label] = try write(
          try images.crop(drawing, inks, t), "\(key)-corner.png")
      }
      metrics[strategy.label] = SampleJob.metrics(drawing, inks)
    }
    let momentNote =
      moment.map {
        "Stroke \($0.stroke + 1) of \(drawing.strokes.count) after \($0.samples) of "
          + "\(drawing.strokes[$0.stroke].samples.count) samples (60 %), without finish"
      } ?? "No samples"
    let page = SamplePageInfo(
      path: "samples/\(String(format: "%04d", index))-\(slug).html", rawOverlay: overlay,
      large: large, midStroke: mid, midStrokeNote: momentNote, endCrop: endCrops,
      cornerCrop: cornerCrops,
      cornerNote: focus.corner.map {
        "Centred on the sample with the sharpest turn, at (\(SampleJob.format1($0.x)), \(SampleJob.format1($0.y))) px."
      },
      metrics: metrics)
    var entry = SampleJob.entry(drawing, format: format, raw: rawPath, thumbs)
    entry.page = page
    entry.sampleRate = drawing.metadata.sampleRate
    return entry
  }

  static func format1(_ v: Double) -> String { String(format: "%.1f", v) }

  /// Segment and element counts, the worst end gap, and the error against ground truth.
  static func metrics(_ drawing: Drawing, _ inks: [StrokeInk]) -> SampleMetrics {
    var segments = 0
    var elements = 0
    var endGap: Double?
    var sum = 0.0
    var worst = 0.0
    var truthCount = 0
    for (i, stroke) in drawing.strokes.enumerated() {
      let ink = inks[i].stable
      segments += ink.centerline.count
      elements += ink.outline.count + ink.discs.count
      if let g = InkMetrics.endGap(samples: stroke.samples, ink: ink) {
        endGap = max(endGap ?? 0, g)
      }
      if let truth = drawing.groundTruth?.strokes, i < truth.count,
        let e = InkMetrics.truthError(ink: ink, truth: truth[i])
      {
        let n = InkMetrics.centerlinePoints(ink).count
        sum += e.mean * Double(n)
        truthCount += n
        worst = max(worst, e.max)
      }
    }
    return SampleMetrics(
      segments: segments, fillElements: elements, endGapPx: endGap,
      truthMeanPx: truthCount > 0 ? sum / Double(truthCount) : nil,
      truthMaxPx: truthCount > 0 ? worst : nil)
  }

  /// The drawing's entry for the result: counts, flags and the metadata shown on the sheet.
  static func entry(
    _ d: Drawing, format: String, raw: String, _ images: [String: String]
  ) -> SampleEntry {
    var meta: [String: String] = ["native units": d.metadata.nativeUnits]
    if let v = d.metadata.source { meta["source"] = v }
    if let v = d.metadata.device { meta["device"] = v }
    if let v = d.metadata.sampleRate { meta["sample rate"] = "\(v) Hz" }
    if let v = d.metadata.licence { meta["licence"] = v }
    if let v = d.metadata.attribution { meta["attribution"] = v }
    if d.metadata.nominalScale { meta["scale"] = "nominal (no physical resolution stated)" }
    if !d.metadata.notes.isEmpty { meta["notes"] = d.metadata.notes.joined(separator: "; ") }
    return SampleEntry(
      name: d.name, format: format, strokes: d.strokes.count, points: d.sampleCount,
      hoverPoints: d.hover.reduce(0) { $0 + $1.samples.count }, timed: d.isTimed,
      hasPressure: !d.strokes.isEmpty && d.strokes.allSatisfy(\.hasPressure), metadata: meta,
      rawImage: raw, images: images)
  }
}
