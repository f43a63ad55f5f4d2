import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchRender
import SigbenchResults

/// One drawing through one strategy to PNG (libgd), SVG or PDF (cairo): what `sigbench render`
/// writes. The strategy smooths each stroke once; PNG is rasterised with coverage
/// anti-aliasing, SVG and PDF carry the same filled outlines at their physical size.
public struct DrawingExport: Sendable {
  public enum Format: String, Sendable, CaseIterable {
    case png, svg, pdf
  }

  public var format: Format
  /// PNG canvas: a fixed size or scale, or `nil` for the ink's tight bounds plus `margin` at
  /// 1 px per CSS px (or the background picture's size when there is one).
  public var sizing: CanvasSizing?
  /// Room around the ink, CSS px.
  public var margin: Double = 10
  /// Vector output is cropped tight unless a margin was asked for.
  public var marginGiven = false
  /// Device pixels per CSS px (1…3).
  public var deviceScale = 1
  public var supersample = 2
  public var background: RGBA = .white
  /// Vector output gets a background only when one was asked for.
  public var backgroundGiven = false
  public var ink: RGBA = .black
  /// Ink opacity in [0, 1].
  public var inkAlpha = 1.0
  /// Draw the raw samples under the ink (PNG).
  public var showRaw = false
  /// A picture to draw over (PNG, JPEG or GIF); its pixels are the drawing's coordinates.
  public var backgroundImage: String?
  /// Where a PDF places the signature (a field on a page), if anywhere.
  public var placement: PDFPlacement?

  public init(format: Format) { self.format = format }

  /// The file's bytes.
  public func data(_ drawing: Drawing, strategy: ConfiguredStrategy) throws -> Data {
    let inks = StrokeInk.final(drawing, strategy)
    switch format {
    case .svg: return Data(try SVGWriter(style: vectorStyle).document(inks.map(\.stable)).utf8)
    case .pdf:
      return try PDFWriter(style: vectorStyle, placement: placement).document(inks.map(\.stable))
    case .png: return try png(drawing, inks).pngData()
    }
  }

  var vectorStyle: VectorStyle {
    VectorStyle(
      ink: ink, opacity: inkAlpha,
      background: backgroundGiven && background.a > 0 ? background : nil,
      margin: marginGiven ? margin : 0)
  }

  func png(_ drawing: Drawing, _ inks: [StrokeInk]) throws -> GDImage {
    var picture: GDImage?
    if let path = backgroundImage {
      do {
        let limit = Int(InputEnvelope.imageFileBytes.value)
        picture = try GDImage(decoding: BoundedRead.data(URL(fileURLWithPath: path), limit: limit))
      } catch {
        throw PipelineError(
          .toolError, "cannot read background image '\(path)': \(SystemErrorText.reason(error))")
      }
    }
    let resolved: CanvasSizing
    if let s = sizing {
      resolved = s
    } else if let b = picture {
      resolved = .canvas(width: b.width, height: b.height)
    } else {
      resolved = .scale(pxPerUnit: 1, margin: margin)
    }
    let layout = try CanvasLayout.resolve(
      resolved, ink: InkBounds.of(inks.map(\.stable)), deviceScale: deviceScale)
    try checkBudget(layout, resolved)
    var spec = RenderSpec()
    spec.width = layout.pixelWidth
    spec.height = layout.pixelHeight
    spec.supersample = supersample
    spec.margin = margin
    spec.background = background
    spec.ink = ink
    spec.inkOpacity = inkAlpha
    spec.showRawSamples = showRaw
    spec.rawRadius = 1.2 * Double(deviceScale)
    let canvas = try picture.map {
      try Canvas(image: $0, width: layout.pixelWidth, height: layout.pixelHeight)
    }
    return try DrawingRenderer(spec: spec).renderCanvas(
      strokes: inks, samples: drawing.strokes.map(\.samples), transform: layout.transform,
      background: canvas
    ).makeImage()
  }

  /// The canvas within `InputEnvelope.canvasSubsamples` once its size is known (a canvas sized
  /// by the ink or by a background picture), else a usage error (exit 64) naming the size, the
  /// bound and the largest `--px-per-unit` that fits this drawing.
  func checkBudget(_ layout: CanvasLayout, _ sizing: CanvasSizing) throws {
    do { try layout.checkBudget(supersample: supersample) } catch {
      var hint = "; give --size WxH to fit it into a fixed canvas"
      if case .scale(let s, _) = sizing {
        let largest = CanvasLayout.largestScale(
          layout.pixelWidth, layout.pixelHeight, at: s, supersample: supersample)
        hint = "; at these settings this drawing fits at --px-per-unit \(largest) or less" + hint
      }
      throw PipelineError(.invalidOption, "\(error)\(hint)")
    }
  }
}
