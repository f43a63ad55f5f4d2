import SigbenchCore

/// Round-capped outline: the band of the shape's width around its centreline, with a disc at
/// every join and cap — what a round-cap, round-join stroke of that width paints.
///
/// - A line piece becomes a straight `RoundBand`: the exact quadrilateral between its end
///   offsets (a rectangle for constant width; a trapezoid when the width varies), plus a disc
///   of half the end width at its end and, for the first piece, at its start. This is exact
///   for a polyline.
/// - A quadratic or cubic piece becomes a curved `RoundBand`: one closed polygon, the left
///   offset sampled at `RoundBand.curveSteps` + 1 uniform parameter values, forward, then the
///   right offset backward (`RoundBand` gives the formulas), plus the same discs.
/// - A dot is a disc of half the width.
///
/// Fill only; the renderer adds no stroke. The stroke's ink is the union of the pieces' shapes
/// and discs. Pieces are stroke-local; each band keeps `origin` and is moved by it when its
/// polygon is written out, which the consumer that draws or exports the ink does
/// (`InkGeometry.filledOutline`), not the push.
///
/// - Complexity: O(1) per piece: one band and at most two discs appended (no heap allocation
///   once the caller's arrays have grown).
public enum RoundOutline {
  /// Polygon steps per curved piece.
  public static var curveSteps: Int { RoundBand.curveSteps }

  /// Appends `shape`'s fill to `ink`, moved by `origin`.
  public static func write(
    _ shape: CurveShape, startCap: Bool, origin: Point, into ink: inout InkGeometry
  ) {
    write(shape, centerline: shape.centerline, startCap: startCap, origin: origin, into: &ink)
  }

  /// `write(_:startCap:origin:into:)` with the shape's centreline already computed
  /// (`shape.centerline`), so the outline stage builds it once per piece.
  @inline(__always) static func write(
    _ shape: CurveShape, centerline: CenterlineSegment?, startCap: Bool, origin: Point,
    into ink: inout InkGeometry
  ) {
    switch shape {
    case .dot(let p):
      ink.append(Disc(center: p.point + origin, radius: p.width / 2))
    case .line(let a, let b):
      if startCap { ink.append(Disc(center: a.point + origin, radius: a.width / 2)) }
      if a.point == b.point {
        // A zero-length move adds only a larger cap, if any: the cap already drawn at `a`
        // covers a disc at `b` that is not larger, and a duplicate would double-blend in
        // vector exports that paint shape by shape.
        if b.width > a.width { ink.append(Disc(center: b.point + origin, radius: b.width / 2)) }
        return
      }
      if let s = centerline {
        ink.append(RoundBand(segment: s, origin: origin, isStraight: true))
      }
      ink.append(Disc(center: b.point + origin, radius: b.width / 2))
    case .quad(let a, _, let b), .cubic(let a, _, _, let b):
      if startCap { ink.append(Disc(center: a.point + origin, radius: a.width / 2)) }
      guard let s = centerline else { return }
      if s.start == s.control1, s.start == s.control2, s.start == s.end {
        // A curve of zero extent: as for a zero-length line, only a larger cap adds ink.
        if b.width > a.width { ink.append(Disc(center: b.point + origin, radius: b.width / 2)) }
        return
      }
      ink.append(RoundBand(segment: s, origin: origin, isStraight: false))
      ink.append(Disc(center: b.point + origin, radius: b.width / 2))
    }
  }
}
