import SigbenchCore

/// How to draw one picture: canvas, supersampling, colours and layers.
public struct RenderSpec: Hashable, Sendable {
  /// Output size in pixels.
  public var width: Int = 360
  public var height: Int = 200
  /// Supersampling factor per axis: 2 or 4 (1 draws aliased, for tests).
  public var supersample: Int = 2
  /// Free space around the ink when fitting, output pixels.
  public var margin: Double = 10
  /// Canvas background; `.clear` for transparent.
  public var background: RGBA = .white
  /// Colour of stable ink.
  public var ink: RGBA = .black
  /// Ink opacity in [0, 1], applied per stroke layer.
  public var inkOpacity: Double = 1
  /// Colour of the tentative tail; `nil` draws it in the ink colour.
  public var tentative: RGBA? = RGBA(230, 80, 20)
  /// Draw the raw samples as small grey dots under the ink.
  public var showRawSamples: Bool = false
  /// Colour and radius (output pixels) of raw-sample dots.
  public var rawColor: RGBA = RGBA(120, 120, 120, 200)
  public var rawRadius: Double = 1.2
  /// Draw the raw-sample dots over the ink instead of under it (for close-ups).
  public var rawOnTop: Bool = false

  public init() {}
}

/// The picture of one stroke as a strategy drew it: final ink and the tentative tail (empty
/// after `finish`).
public struct StrokeInk: Sendable {
  public var stable: InkGeometry
  public var tentative: InkGeometry
  public init(stable: InkGeometry, tentative: InkGeometry = InkGeometry()) {
    self.stable = stable
    self.tentative = tentative
  }
}
