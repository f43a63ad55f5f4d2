import SigbenchCore

/// A named pen: ink colour, opacity and the line width it asks strategies for.
///
/// The presets come from the blog post "How to create handwritten annotations for Xuni iOS
/// FlexChart" (an annotation app drawing over a chart): two opaque pens of 5 px, black and
/// red, and a yellow highlighter of 25 px at opacity 0.3. Each stroke is composed in its own
/// layer and merged with the opacity (`DrawingRenderer`, `IncrementalCanvas.endStroke()`), so
/// a highlighter crossing itself keeps one alpha.
public struct Brush: Hashable, Sendable {
  /// Preset name as typed on the command line.
  public var name: String
  /// Ink colour (its own alpha is multiplied by `opacity`).
  public var color: RGBA
  /// Full line width in CSS px, given to strategies that declare a `width` option.
  public var width: Double
  /// Layer opacity in [0, 1].
  public var opacity: Double

  public init(name: String, color: RGBA, width: Double, opacity: Double) {
    self.name = name
    self.color = color
    self.width = width
    self.opacity = opacity
  }

  /// Black pen, 5 px, opaque.
  public static let pen = Brush(name: "pen", color: .black, width: 5, opacity: 1)
  /// Red pen, 5 px, opaque (RGB 1, 0, 0 in UIKit's 0–1 components).
  public static let redPen = Brush(name: "red-pen", color: RGBA(255, 0, 0), width: 5, opacity: 1)
  /// Yellow highlighter, 25 px, opacity 0.3 (RGB 1, 1, 0 in UIKit's 0–1 components).
  public static let highlighter = Brush(
    name: "highlighter", color: RGBA(255, 255, 0), width: 25, opacity: 0.3)

  /// Every preset, by name.
  public static let presets: [Brush] = [.pen, .redPen, .highlighter]

  /// The preset called `name`, if any.
  public static func preset(named name: String) -> Brush? {
    presets.first { $0.name == name.lowercased() }
  }
}

extension RenderSpec {
  /// Takes the brush's colour and opacity for the ink.
  public mutating func apply(_ brush: Brush) {
    ink = brush.color
    inkOpacity = brush.opacity
  }
}
