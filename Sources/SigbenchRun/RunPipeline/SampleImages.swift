import Foundation
import SigbenchCore
import SigbenchRender

/// Draws one drawing's pictures for the sheet, all strategies at the same scale so they can be
/// compared side by side: the raw samples, each strategy's final ink, a mid-stroke moment with
/// the tentative tail in its own colour, and zoomed crops of the stroke end and the sharpest
/// corner.
struct SampleImages: Sendable {
  /// Thumbnail spec for the index gallery.
  var spec: RenderSpec

  /// Large pictures on the sample page (twice the thumbnail size).
  var largeSpec: RenderSpec {
    var s = spec
    s.width = spec.width * 2
    s.height = spec.height * 2
    s.margin = spec.margin * 2
    return s
  }

  /// Zoomed crops: 160 × 160 pixels.
  var cropSpec: RenderSpec {
    var s = spec
    s.width = 160
    s.height = 160
    s.showRawSamples = true
    s.rawColor = RGBA(0, 120, 255, 200)
    s.rawRadius = 1.6
    s.rawOnTop = true
    return s
  }

  /// The common transform for `spec`: the drawing's samples fitted with room for the widest ink.
  func transform(for drawing: Drawing, spec: RenderSpec? = nil) -> Transform {
    let bounds = drawing.bounds ?? Rect(origin: .zero, size: .zero)
    return DrawingRenderer(spec: spec ?? self.spec).fitTransform(bounds.insetBy(-6))
  }

  /// PNG of the raw samples as dots, connected faintly in capture order.
  func raw(_ drawing: Drawing, _ t: Transform, spec: RenderSpec? = nil) throws -> Data {
    var s = spec ?? self.spec
    s.showRawSamples = true
    s.rawColor = RGBA(60, 60, 60)
    s.rawRadius = 1.4
    s.ink = RGBA(170, 170, 170)
    let inks = StrokeInk.final(drawing, try StrategyCatalogAccess.straightHairline())
    return try DrawingRenderer(spec: s).render(
      strokes: inks, samples: drawing.strokes.map(\.samples), transform: t
    ).fastPNGData()
  }

  /// PNG of the raw samples alone on a transparent canvas, to overlay on a large render.
  func rawOverlay(_ drawing: Drawing, _ t: Transform) throws -> Data {
    var s = largeSpec
    s.background = .clear
    s.showRawSamples = true
    s.rawColor = RGBA(0, 120, 255, 220)
    s.rawRadius = 1.8
    return try DrawingRenderer(spec: s).render(
      strokes: [], samples: drawing.strokes.map(\.samples), transform: t
    ).fastPNGData()
  }

  /// PNG of a strategy's final ink (`inks`: one per stroke of `drawing`, smoothed once by the
  /// caller and reused for every picture).
  func ink(
    _ drawing: Drawing, _ inks: [StrokeInk], _ t: Transform, spec: RenderSpec? = nil
  ) throws -> Data {
    try DrawingRenderer(spec: spec ?? self.spec).render(
      strokes: inks, samples: drawing.strokes.map(\.samples), transform: t
    ).fastPNGData()
  }

  /// The moment the sheet shows mid-stroke: the longest stroke, after 60 % of its samples.
  static func midStrokeMoment(_ drawing: Drawing) -> (stroke: Int, samples: Int)? {
    guard
      let i = drawing.strokes.indices.max(by: {
        drawing.strokes[$0].samples.count < drawing.strokes[$1].samples.count
      })
    else { return nil }
    let n = drawing.strokes[i].samples.count
    return (i, max(1, (n * 6 + 9) / 10))
  }

  /// PNG of the drawing as the strategy shows it mid-stroke: earlier strokes final, the current
  /// stroke's stable ink in the ink colour and its tentative tail in the tentative colour.
  func midStroke(_ drawing: Drawing, _ strategy: ConfiguredStrategy, _ t: Transform) throws -> Data
  {
    var s = largeSpec
    s.showRawSamples = true
    s.rawColor = RGBA(0, 120, 255, 160)
    s.rawRadius = 1.4
    s.rawOnTop = true
    guard let moment = SampleImages.midStrokeMoment(drawing) else {
      return try DrawingRenderer(spec: s).render(strokes: [], samples: [], transform: t)
        .fastPNGData()
    }
    var inks: [StrokeInk] = []
    inks += StrokeInk.final(
      Drawing(name: drawing.name, strokes: Array(drawing.strokes[0..<moment.stroke])), strategy)
    let partial = Array(drawing.strokes[moment.stroke].samples.prefix(moment.samples))
    inks.append(SampleImages.state(strategy, after: partial))
    let shown = Array(drawing.strokes[0..<moment.stroke].map(\.samples)) + [partial]
    return try DrawingRenderer(spec: s).render(strokes: inks, samples: shown, transform: t)
      .fastPNGData()
  }

  /// Stable ink so far and the current tentative tail after pushing `samples` (no finish).
  static func state(_ strategy: ConfiguredStrategy, after samples: [Sample]) -> StrokeInk {
    let ink = strategy.ink(after: samples, finish: false)
    return StrokeInk(stable: ink.stable, tentative: ink.tentative)
  }

  /// Where the sheet zooms in: the end of the last stroke, and the sample with the sharpest
  /// turn (largest angle between the incoming and outgoing chords, both at least 1 px long).
  static func focusPoints(_ drawing: Drawing) -> (end: Point?, corner: Point?) {
    let end = drawing.strokes.last(where: { !$0.samples.isEmpty })?.samples.last?.point
    var best: (Double, Point)?
    for stroke in drawing.strokes {
      let pts = stroke.samples.map(\.point)
      guard pts.count >= 3 else { continue }
      for i in 1..<(pts.count - 1) {
        let a = pts[i] - pts[i - 1]
        let b = pts[i + 1] - pts[i]
        guard a.length >= 1, b.length >= 1 else { continue }
        let cosTurn = max(-1, min(1, a.dot(b) / (a.length * b.length)))
        let turn = acos(cosTurn)
        if best == nil || turn > best!.0 { best = (turn, pts[i]) }
      }
    }
    return (end, best?.1)
  }

  /// A transform that shows the region around `center` magnified so about 40 CSS px fill the
  /// crop (at least the sample page's own scale).
  func cropTransform(center: Point, pageScale: Double) -> Transform {
    let scale = max(pageScale * 2, Double(cropSpec.width) / 40)
    return Transform(
      scale: scale,
      offset: Point(
        x: Double(cropSpec.width) / 2 - center.x * scale,
        y: Double(cropSpec.height) / 2 - center.y * scale))
  }

  /// PNG of a strategy's final ink in a zoomed crop.
  func crop(_ drawing: Drawing, _ inks: [StrokeInk], _ t: Transform) throws -> Data {
    try ink(drawing, inks, t, spec: cropSpec)
  }
}
