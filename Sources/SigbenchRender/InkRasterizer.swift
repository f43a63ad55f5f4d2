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
      // Only outline subpaths are stroked (InkGeometry's contract); discs are drawn as given,
      // so a strategy that wants a stroked dot emits the grown radius itself.
      for poly in polygons { stroker.stroke(poly) { mask.fillPolygon($0) } }
    }
  }
}
