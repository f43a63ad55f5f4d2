import SigbenchCore

/// A uniform scale then translation from CSS px to output pixels.
public struct Transform: Hashable, Sendable, Codable {
  /// Output pixels per CSS px.
  public var scale: Double
  /// Output-pixel position of the CSS-px origin.
  public var offset: Point

  public init(scale: Double, offset: Point) {
    self.scale = scale
    self.offset = offset
  }

  public static let identity = Transform(scale: 1, offset: .zero)

  @inlinable public func apply(_ p: Point) -> Point {
    Point(x: p.x * scale + offset.x, y: p.y * scale + offset.y)
  }

  /// This transform followed by a uniform scale by `factor` (a device scale).
  public func scaled(by factor: Double) -> Transform {
    Transform(scale: scale * factor, offset: offset * factor)
  }

  /// Fits `bounds` into a `width × height` canvas with `margin` pixels on each side,
  /// centred, preserving the aspect ratio; `maxScale` caps the magnification.
  public static func fit(
    _ bounds: Rect, width: Int, height: Int, margin: Double, maxScale: Double = 8
  ) -> Transform {
    let bw = max(bounds.size.width, 1e-9)
    let bh = max(bounds.size.height, 1e-9)
    let availW = max(1, Double(width) - 2 * margin)
    let availH = max(1, Double(height) - 2 * margin)
    let scale = min(maxScale, availW / bw, availH / bh)
    let cx = bounds.minX + bounds.size.width / 2
    let cy = bounds.minY + bounds.size.height / 2
    return Transform(
      scale: scale,
      offset: Point(x: Double(width) / 2 - cx * scale, y: Double(height) / 2 - cy * scale))
  }
}
