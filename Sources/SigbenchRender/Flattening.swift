import SigbenchCore

/// Turns fill geometry into polygons in output-pixel coordinates.
///
/// Curves are flattened by uniform subdivision with a segment count chosen from the control
/// polygon's second differences, so the distance between curve and polygon stays under
/// `tolerance` output pixels. For uniform subdivision into `n` pieces the chord error is at
/// most `max‖B″‖ / (8n²)`; `‖B″‖ ≤ 2‖Δ²‖` for a quadratic and `≤ 6·max‖Δ²‖` for a cubic, which
/// gives the factors 1/4 and 3/4 below. At most 256 pieces per curve.
///
/// - Complexity: O(elements + pieces).
public struct Flattener: Sendable {
  /// Largest distance between a curve and its polygon, in output pixels. Default 0.05.
  public var tolerance: Double = 0.05

  public init(tolerance: Double = 0.05) { self.tolerance = tolerance }

  /// The closed subpaths of `elements` as polygons, mapped through `transform`.
  public func polygons(_ elements: [PathElement], _ transform: Transform) -> [[Point]] {
    var buffer = PolygonBuffer()
    flatten(elements, transform, into: &buffer)
    return (0..<buffer.count).map { Array(buffer.polygon($0)) }
  }

  /// Appends the closed subpaths of `elements`, mapped through `transform`, to `buffer`. A
  /// subpath that is not closed explicitly is closed at the next `move` or at the end (fill
  /// semantics).
  public func flatten<Elements: Sequence<PathElement>>(
    _ elements: Elements, _ transform: Transform, into buffer: inout PolygonBuffer
  ) {
    flatten(elements, transform, to: &buffer)
  }

  /// `flatten(_:_:into:)` into any `FlattenSink` (the same calls in the same order).
  func flatten<Elements: Sequence<PathElement>, Sink: FlattenSink>(
    _ elements: Elements, _ transform: Transform, to buffer: inout Sink
  ) {
    var pen = Point.zero
    var open = false
    for e in elements {
      switch e {
      case .move(let p):
        if open { buffer.closePolygon() }
        pen = transform.apply(p)
        buffer.append(pen)
        open = true
      case .line(let p):
        if !open {
          buffer.append(pen)
          open = true
        }
        pen = transform.apply(p)
        buffer.append(pen)
      case .quad(let c, let p):
        if !open {
          buffer.append(pen)
          open = true
        }
        let c1 = transform.apply(c)
        let p1 = transform.apply(p)
        let n = segments((pen - c1 * 2 + p1).length * 0.25)
        for k in 1...n {
          let t = Double(k) / Double(n)
          let u = 1 - t
          buffer.append(pen * (u * u) + c1 * (2 * u * t) + p1 * (t * t))
        }
        pen = p1
      case .cubic(let c1, let c2, let p):
        if !open {
          buffer.append(pen)
          open = true
        }
        let a = transform.apply(c1)
        let b = transform.apply(c2)
        let d = transform.apply(p)
        let n = segments(max((pen - a * 2 + b).length, (a - b * 2 + d).length) * 0.75)
        let p0 = pen
        for k in 1...n {
          let t = Double(k) / Double(n)
          let u = 1 - t
          buffer.append(
            p0 * (u * u * u) + a * (3 * u * u * t) + b * (3 * u * t * t) + d * (t * t * t))
        }
        pen = d
      case .close:
        if open { buffer.closePolygon() }
        open = false
      }
    }
    if open { buffer.closePolygon() }
  }

  /// `flatten([.move(v[0]), .line(v[1]), …, .close], transform, into: &buffer)`: the closed
  /// polygon `vertices`, mapped through `transform`.
  func flattenPolygon<Sink: FlattenSink>(
    _ vertices: UnsafeBufferPointer<Point>, _ transform: Transform, into buffer: inout Sink
  ) {
    guard !vertices.isEmpty else { return }
    for p in vertices { buffer.append(transform.apply(p)) }
    buffer.closePolygon()
  }

  /// Number of uniform pieces that keeps the chord error under `tolerance` for a curve whose
  /// error bound at one piece is `bound` (1…256; 1 for non-finite or zero bounds).
  public func segments(_ bound: Double) -> Int {
    guard bound.isFinite, bound > 0, tolerance > 0 else { return 1 }
    let n = (bound / tolerance).squareRoot().rounded(.up)
    return n >= 256 ? 256 : max(1, Int(n))
  }
}

/// Where `Flattener` puts polygons: vertices appended one by one, each polygon ended by
/// `closePolygon`.
protocol FlattenSink {
  mutating func append(_ p: Point)
  mutating func closePolygon()
}

extension PolygonBuffer: FlattenSink {}
