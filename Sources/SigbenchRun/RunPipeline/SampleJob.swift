import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchQuality
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
    try AtomicFiles.createFolder(runFolder.appendingPathComponent(folder))
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
    var quality: [String: QualityFigures] = [:]
    let reference = QualityReference(drawing)
    for strategy in strategies {
      let key = RunFolder.slug(strategy.label)
      // Smoothed once (the trace of every push); every picture and the metrics reuse it.
      let traces = StrokeTrace.record(drawing, through: strategy)
      let inks = traces.map { StrokeInk(stable: $0.ink) }
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
      let q = try QualityRun.drawing(reference, traces: traces)
      quality[strategy.label] = q
      metrics[strategy.label] = SampleJob.metrics(inks, q)
    }
    let momentNote =
      moment.map {
        "Stroke \($0.stroke + 1) of \(drawing.strokes.count) after \($0.samples) of "
          + "\(drawing.strokes[$0.stroke].samples.count) samples (60 %), without finish"
      } ?? "No samples"
    var page = SamplePageInfo(
      path: "samples/\(String(format: "%04d", index))-\(slug).html", rawOverlay: overlay,
      large: large, midStroke: mid, midStrokeNote: momentNote, endCrop: endCrops,
      cornerCrop: cornerCrops,
      cornerNote: focus.corner.map {
        "Centred on the sample with the sharpest turn, at (\(SampleJob.format1($0.x)), \(SampleJob.format1($0.y))) px."
      },
      metrics: metrics)
    page.quality = quality
    var entry = SampleJob.entry(drawing, format: format, raw: rawPath, thumbs)
    entry.page = page
    entry.sampleRate = drawing.metadata.sampleRate
    return entry
  }

  static func format1(_ v: Double) -> String { String(format: "%.1f", v) }

  /// `--no-render`: the drawing's entry (no pictures, no page) and its quality per strategy,
  /// measured exactly as `run` measures them with pictures.
  func measure(_ drawing: Drawing, format: String) throws -> (SampleEntry, [QualityFigures]) {
    var quality: [QualityFigures] = []
    let reference = QualityReference(drawing)
    for strategy in strategies {
      let traces = StrokeTrace.record(drawing, through: strategy)
      quality.append(try QualityRun.drawing(reference, traces: traces))
    }
    var entry = SampleJob.entry(drawing, format: format, raw: "", [:])
    entry.sampleRate = drawing.metadata.sampleRate
    return (entry, quality)
  }

  /// Segment and element counts, the worst end gap and the error against ground truth, as the
  /// sheet's per-sample summary shows them (read off the quality figures).
  static func metrics(_ inks: [StrokeInk], _ q: QualityFigures) -> SampleMetrics {
    let truth = q.reference == .truth
    return SampleMetrics(
      segments: inks.reduce(0) { $0 + $1.stable.centerline.count },
      fillElements: inks.reduce(0) {
        $0 + $1.stable.filledOutlineCount + $1.stable.filledDiscCount
      },
      endGapPx: q[.endGapMax], truthMeanPx: truth ? q[.accuracyMean] : nil,
      truthMaxPx: truth ? q[.accuracyMax] : nil)
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
