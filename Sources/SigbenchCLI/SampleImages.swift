import Foundation
import SigbenchCore
import SigbenchRender

/// Draws one drawing's pictures for the sheet: the raw samples, and the ink of each strategy,
/// all at the same scale so they can be compared side by side.
struct SampleImages {
  var spec: RenderSpec

  /// The common transform: the drawing's samples fitted with room for the widest ink.
  func transform(for drawing: Drawing) -> Transform {
    let bounds = drawing.bounds ?? Rect(origin: .zero, size: .zero)
    return DrawingRenderer(spec: spec).fitTransform(bounds.insetBy(-6))
  }

  /// PNG of the raw samples as dots, connected faintly in capture order.
  func raw(_ drawing: Drawing, _ t: Transform) throws -> Data {
    var s = spec
    s.showRawSamples = true
    s.rawColor = RGBA(60, 60, 60)
    s.rawRadius = 1.4
    s.ink = RGBA(170, 170, 170)
    let lines = try StrategyCatalogAccess.straightHairline()
    let inks = drawing.strokes.map { StrokeInk(stable: lines.smooth($0.samples)) }
    return try DrawingRenderer(spec: s).render(
      strokes: inks, samples: drawing.strokes.map(\.samples), transform: t
    ).pngData()
  }

  /// PNG of `strategy`'s final ink, with the raw samples faintly underneath.
  func ink(_ drawing: Drawing, _ strategy: ConfiguredStrategy, _ t: Transform) throws -> Data {
    var s = spec
    s.showRawSamples = false
    let inks = drawing.strokes.map { StrokeInk(stable: strategy.smooth($0.samples)) }
    return try DrawingRenderer(spec: s).render(
      strokes: inks, samples: drawing.strokes.map(\.samples), transform: t
    ).pngData()
  }
}
