import SigbenchCore

/// Turns fill geometry into polygons and discs in output-pixel coordinates.
///
/// Curves are flattened with a segment count chosen from the control polygon's second
/// differences so the chord error stays under `tolerance` output pixels (the classic bound
/// for uniform subdivision of a Bézier: error ≤ (n⁻²)·‖Δ²‖·k with k = 1/4 for quadratics and
/// 3/4·… for cubics).
public struct Flattener: Sendable {
  /// Largest distance between a curve and its polygon, in output pixels. Default 0.05.
  public var tolerance: Double = 0.05

  public init(tolerance: Double = 0.05) { self.tolerance = tolerance }

  /// The closed subpaths of `elements` as polygons, mapped through `transform`.
  public func polygons(_ elements: [PathElement], _ transform: Transform) -> [[Point]] {
    var result: [[Point]] = []
    var current: [Point] = []
    var pen = Point.zero
    func flush() {
      if current.count >= 3 { result.append(current) }
      current = []
    }
    for e in elements {
      switch e {
      case .move(let p):
        flush()
        pen = transform.apply(p)
        current = [pen]
      case .line(let p):
        pen = transform.apply(p)
        current.append(pen)
      case .quad(let c, let p):
        let c1 = transform.apply(c)
        let p1 = transform.apply(p)
        let dd = (pen - c1 * 2 + p1).length
        let n = segments(dd * 0.25)
        for k in 1...n {
          let t = Double(k) / Double(n)
          let u = 1 - t
          current.append(pen * (u * u) + c1 * (2 * u * t) + p1 * (t * t))
        }
        pen = p1
      case .cubic(let c1, let c2, let p):
        let a = transform.apply(c1)
        let b = transform.apply(c2)
        let d = transform.apply(p)
        let dd = max((pen - a * 2 + b).length, (a - b * 2 + d).length)
        let n = segments(dd * 0.75)
        let p0 = pen
        for k in 1...n {
          let t = Double(k) / Double(n)
          let u = 1 - t
          current.append(
            p0 * (u * u * u) + a * (3 * u * u * t) + b * (3 * u * t * t) + d * (t * t * t))
        }
        pen = d
      case .close:
        flush()
      }
    }
    flush()
    return result
  }

  func segments(_ bound: Double) -> Int {
    guard bound.isFinite, bound > 0 else { return 1 }
    return min(256, max(1, Int((bound / tolerance).squareRoot().rounded(.up))))
  }
}

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
