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
  /// `--strict`: the first failing cell stops the run (`CellFailures`).
  var strict = false
  /// The test-only injection, for `fail=STAGE`.
  var injection: Injection?
  /// The strategies whose pictures are drawn (`nil`: every one); the others are measured
  /// only (a sweep's configurations, drawn afterwards when best on some question).
  var pictureLabels: Set<String>?

  /// A stage that fails on this drawing fails its cell only (`CellFailures`): the failure is
  /// recorded on the entry, that picture or figure is left out, and the other cells go on.
  func run(_ drawing: Drawing, index: Int, format: String) throws -> SampleEntry {
    let slug = RunFolder.slug(drawing.name)
    let folder = "img/\(String(format: "%04d", index))-\(slug)"
    try AtomicFiles.createFolder(runFolder.appendingPathComponent(folder))
    func write(_ data: Data, _ name: String) throws -> String {
      let path = "\(folder)/\(name)"
      try AtomicFiles.write(data, to: runFolder.appendingPathComponent(path))
      return path
    }
    var cells = CellFailures(drawing: drawing.name, strict: strict, injected: injection)
    let thumbT = images.transform(for: drawing)
    let largeT = images.transform(for: drawing, spec: images.largeSpec)
    let own = try cells.attempt(.picture, nil) {
      (try images.raw(drawing, thumbT), try images.rawOverlay(drawing, largeT))
    }
    let rawPath = try own.map { try write($0.0, "raw.png") } ?? ""
    let overlay = try own.map { try write($0.1, "raw-overlay.png") } ?? ""
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
      let label = strategy.label
      let key = RunFolder.slug(label)
      // Smoothed once (the trace of every push); every picture and the metrics reuse it.
      guard
        let traces = try cells.attempt(
          .smoothing, strategy, { try CellFailures.smooth(drawing, strategy) })
      else { continue }
      let inks = traces.map { StrokeInk(stable: $0.ink) }
      let drawn = pictureLabels?.contains(label) ?? true
      let pictures =
        !drawn
        ? nil
        : try cells.attempt(.picture, strategy) {
          try self.pictures(drawing, strategy, inks, (thumbT, largeT), focus)
        }
      if let p = pictures {
        thumbs[label] = try write(p.thumb, "\(key).png")
        large[label] = try write(p.large, "\(key)-large.png")
        mid[label] = try write(p.mid, "\(key)-mid.png")
        if let end = p.end { endCrops[label] = try write(end, "\(key)-end.png") }
        if let corner = p.corner { cornerCrops[label] = try write(corner, "\(key)-corner.png") }
      }
      guard
        let q = try cells.attempt(
          .quality, strategy, { try QualityRun.drawing(reference, traces: traces) })
      else { continue }
      quality[label] = q
      metrics[label] = SampleJob.metrics(inks, q)
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
    entry.failures = cells.list.isEmpty ? nil : cells.list
    return entry
  }

  /// One strategy's pictures of a drawing, encoded, not yet written.
  struct Pictures {
    var thumb: Data
    var large: Data
    var mid: Data
    var end: Data?
    var corner: Data?
  }

  /// Renders every picture of `strategy`'s ink on a sample page (thumbnail, large, mid-stroke,
  /// the end and corner crops).
  func pictures(
    _ drawing: Drawing, _ strategy: ConfiguredStrategy, _ inks: [StrokeInk],
    _ t: (thumb: Transform, large: Transform),
    _ focus: (end: Point?, corner: Point?)
  ) throws -> Pictures {
    func crop(_ center: Point?) throws -> Data? {
      guard let center else { return nil }
      let ct = images.cropTransform(center: center, pageScale: t.large.scale)
      return try images.crop(drawing, inks, ct)
    }
    return Pictures(
      thumb: try images.ink(drawing, inks, t.thumb),
      large: try images.ink(drawing, inks, t.large, spec: images.largeSpec),
      mid: try images.midStroke(drawing, strategy, t.large), end: try crop(focus.end),
      corner: try crop(focus.corner))
  }

  static func format1(_ v: Double) -> String { String(format: "%.1f", v) }

  /// `--no-render`: the drawing's entry (no pictures, no page) and its quality per strategy,
  /// measured exactly as `run` measures them with pictures.
  /// A failing cell is recorded as in `run`, its figures left empty.
  func measure(_ drawing: Drawing, format: String) throws -> (SampleEntry, [QualityFigures]) {
    var quality: [QualityFigures] = []
    var cells = CellFailures(drawing: drawing.name, strict: strict, injected: injection)
    let reference = QualityReference(drawing)
    for strategy in strategies {
      let q = try cells.attempt(.smoothing, strategy) { try CellFailures.smooth(drawing, strategy) }
        .flatMap { traces in
          try cells.attempt(.quality, strategy) {
            try QualityRun.drawing(reference, traces: traces)
          }
        }
      quality.append(q ?? QualityFigures())
    }
    var entry = SampleJob.entry(drawing, format: format, raw: "", [:])
    entry.sampleRate = drawing.metadata.sampleRate
    entry.failures = cells.list.isEmpty ? nil : cells.list
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
