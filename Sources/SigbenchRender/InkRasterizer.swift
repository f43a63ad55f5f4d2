import SigbenchCore

/// Draws a strategy's fill geometry into a `CoverageMask`: every outline subpath filled
/// non-zero on its own (bands written out), every disc (stamp runs written out, one disc at a
/// time, `InkGeometry.forEachFilledDisc`), and, when the geometry asks for it, the outline stroke
/// (`InkGeometry.outlineStrokeWidth`; UIKit's default stroke as UberSignature paints it: miter
/// joins, limit 10).
///
/// Geometry with a centreline but neither outline nor discs is drawn as a round-capped,
/// variable-width polyline along the flattened centreline (`CenterlineStroker`).
///
/// The mutating `rasterize` reuses scratch storage and allocates nothing once grown; `draw`
/// is the non-mutating convenience for one-shot renders.
///
/// A stroked outline subpath is, by default (`StrokeMethod.offsetOutlines`), one scanline pass
/// over its two offset outlines (`OutlineStroker.appendOffsetOutlines`), which fill exactly
/// the subpath united with its stroke's pieces; `StrokeMethod.pieces` keeps the piece-by-piece
/// reference: one scanline pass over the subpath, then each piece of its outline stroke (one
/// quad per edge, one join per vertex) filled directly (`CoverageMask.fillingPieces`). Both
/// set the same cells as one union pass over the subpath and its pieces.
///
/// - Complexity: O(flattened vertices + cells set), see `CoverageMask`.
public struct InkRasterizer: Sendable {
  /// How a stroked outline subpath (`InkGeometry.outlineStrokeWidth` > 0) is filled.
  public enum StrokeMethod: Sendable {
    /// The subpath and its two offset outlines in one union pass (fewer instructions).
    case offsetOutlines
    /// The subpath, then one quad per edge and one join per vertex (the reference).
    case pieces
  }

  public var flattener = Flattener()
  /// How stroked outlines are filled; the cells are the same either way.
  public var strokeMethod = StrokeMethod.offsetOutlines
  var scratch = PolygonBuffer()
  /// The two offset outlines of one stroked subpath (`OutlineStroker.appendOffsetOutlines`),
  /// reused.
  var minusOffsets: [Point] = []
  var plusOffsets: [Point] = []

  public init() {}

  /// Reserves flattening storage for `points` vertices in `polygons` subpaths.
  public mutating func reserveCapacity(points: Int, polygons: Int) {
    scratch.reserveCapacity(points: points, polygons: polygons)
    minusOffsets.reserveCapacity(3 * points)
    plusOffsets.reserveCapacity(3 * points)
  }

  /// ORs `geometry`, mapped through `transform`, into `mask`.
  public func draw(_ geometry: InkGeometry, transform: Transform, into mask: inout CoverageMask) {
    var copy = self
    copy.rasterize(geometry, transform: transform, into: &mask)
  }

  /// ORs `geometry`, mapped through `transform`, into `mask`, reusing this rasterizer's
  /// scratch storage.
  public mutating func rasterize(
    _ geometry: InkGeometry, transform: Transform, into mask: inout CoverageMask
  ) {
    scratch.removeAll()
    if !geometry.hasFill {
      if !geometry.centerline.isEmpty {
        // The segments in place: `centerline.array` would allocate a copy on every call.
        CenterlineStroker(flattener: flattener).stroke(
          geometry.centerline, transform: transform, into: &mask)
      }
      return
    }
    flattener.flatten(geometry.outline, transform, into: &scratch)
    // Bands straight into the polygon buffer: the vertices their written-out elements carry,
    // mapped as the flattener maps a move or a line.
    for band in geometry.bands {
      scratch.appendPolygon(count: band.vertexCount) { v in
        band.writeVertices(into: v)
        for k in v.indices { v[k] = transform.apply(v[k]) }
      }
    }
    let sw = geometry.outlineStrokeWidth
    let stroked = sw > 0 && sw.isFinite
    let stroker = OutlineStroker(width: stroked ? sw * transform.scale : 0)
    // Each stroked subpath is one union pass over its two offset outlines; by the reference
    // method, one scanline pass and then the pieces of its outline stroke (a 1 px stroke is
    // many tiny quads and joins) filled directly (`CoverageMask.fillingPieces`). Both set
    // exactly the cells of one union pass over the subpath and its pieces.
    if stroked && strokeMethod == .offsetOutlines {
      for i in 0..<scratch.count {
        scratch.withPolygon(i) { poly in
          if !InkRasterizer.fillOffsetOutlines(
            poly, stroker, &minusOffsets, &plusOffsets, into: &mask)
          {
            mask.fillPolygon(poly)
            mask.fillingPieces { f in stroker.stroke(poly) { f.fill($0) } }
          }
        }
      }
    } else {
      for i in 0..<scratch.count {
        scratch.withPolygon(i) { poly in
          mask.fillPolygon(poly)
          if stroked { mask.fillingPieces { f in stroker.stroke(poly) { f.fill($0) } } }
        }
      }
    }
    geometry.forEachFilledDisc { d in
      mask.fillDisc(center: transform.apply(d.center), radius: d.radius * transform.scale)
    }
    if stroked {
      // A disc's stroke grows its radius by half the stroke width.
      geometry.forEachFilledDisc { d in
        mask.fillDisc(
          center: transform.apply(d.center), radius: (d.radius + sw / 2) * transform.scale)
      }
    }
  }

  /// Fills `poly` united with its stroke by `stroker` as one union pass over the two offset
  /// outlines; false (nothing drawn) when a vertex or an offset point is not finite, where the
  /// piece path's per-piece skipping is the reference.
  static func fillOffsetOutlines(
    _ poly: UnsafeBufferPointer<Point>, _ stroker: OutlineStroker, _ minus: inout [Point],
    _ plus: inout [Point], into mask: inout CoverageMask
  ) -> Bool {
    for p in poly where !p.isFinite { return false }
    minus.removeAll(keepingCapacity: true)
    plus.removeAll(keepingCapacity: true)
    guard stroker.appendOffsetOutlines(poly, minus: &minus, plus: &plus) else { return false }
    for p in minus where !p.isFinite { return false }
    for p in plus where !p.isFinite { return false }
    mask.beginUnion()
    minus.withUnsafeBufferPointer { mask.addToUnion($0) }
    plus.withUnsafeBufferPointer { mask.addToUnion($0) }
    mask.fillUnion()
    return true
  }

}

/// Draws centreline segments as a round-capped polyline whose width follows the segments'
/// end widths: each flattened piece is a trapezoid of the interpolated full widths, and every
/// flattened vertex a disc of half the width (round joins and caps). The raster and the vector
/// exports use the same shapes.
public struct CenterlineStroker: Sendable {
  public var flattener: Flattener

  public init(flattener: Flattener = Flattener()) { self.flattener = flattener }

  /// ORs the round-capped polyline of `segments` into `mask`.
  public func stroke<Segments: Sequence<CenterlineSegment>>(
    _ segments: Segments, transform: Transform, into mask: inout CoverageMask
  ) {
    shapes(
      segments, transform: transform, polygon: { mask.fillPolygon($0) },
      disc: { mask.fillDisc(center: $0, radius: $1) })
  }

  /// Calls `polygon` with each trapezoid (4 vertices in temporary storage) and `disc` with each
  /// round join or cap (centre, radius), in output coordinates.
  public func shapes<Segments: Sequence<CenterlineSegment>>(
    _ segments: Segments, transform: Transform,
    polygon: (UnsafeBufferPointer<Point>) -> Void, disc: (Point, Double) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: Point.self, capacity: 4) { quad in
      for s in segments where s.isFinite {
        let a = transform.apply(s.start)
        let b = transform.apply(s.control1)
        let c = transform.apply(s.control2)
        let d = transform.apply(s.end)
        let n = flattener.segments(max((a - b * 2 + c).length, (b - c * 2 + d).length) * 0.75)
        var prev = a
        var prevW = max(0, s.startWidth) * transform.scale
        disc(prev, prevW / 2)
        for k in 1...n {
          let t = Double(k) / Double(n)
          let q = transform.apply(s.point(at: t))
          let w = max(0, s.width(at: t)) * transform.scale
          let dir = q - prev
          let len = dir.length
          if len > 0 {
            let n0 = Point(x: -dir.y / len, y: dir.x / len)
            quad[0] = prev + n0 * (prevW / 2)
            quad[1] = q + n0 * (w / 2)
            quad[2] = q - n0 * (w / 2)
            quad[3] = prev - n0 * (prevW / 2)
            polygon(UnsafeBufferPointer(quad))
          }
          disc(q, w / 2)
          prev = q
          prevW = w
        }
      }
    }
  }
}
