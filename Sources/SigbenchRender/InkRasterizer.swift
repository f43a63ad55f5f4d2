import SigbenchCore

/// Draws a strategy's fill geometry into a `CoverageMask`: every outline subpath filled
/// non-zero on its own, every disc, and, when the geometry asks for it, the outline stroke.
public struct InkRasterizer: Sendable {
  public var flattener = Flattener()

  public init() {}

  /// ORs `geometry`, mapped through `transform`, into `mask`.
  public func draw(_ geometry: InkGeometry, transform: Transform, into mask: inout CoverageMask) {
    let polygons = flattener.polygons(geometry.outline, transform)
    for poly in polygons { mask.fillPolygon(poly) }
    for d in geometry.discs {
      mask.fillDisc(center: transform.apply(d.center), radius: d.radius * transform.scale)
    }
    if geometry.outlineStrokeWidth > 0 {
      let stroker = OutlineStroker(width: geometry.outlineStrokeWidth * transform.scale)
      for poly in polygons { stroker.stroke(poly) { mask.fillPolygon($0) } }
      // A disc's stroke grows its radius by half the stroke width.
      for d in geometry.discs {
        mask.fillDisc(
          center: transform.apply(d.center),
          radius: (d.radius + geometry.outlineStrokeWidth / 2) * transform.scale)
      }
    }
  }
}
