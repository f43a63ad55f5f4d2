import SigbenchCore

/// Tight bounds of the ink a geometry paints, in CSS px: the flattened outline (tolerance
/// 0.01 px), the discs, the outline stroke's polygons (mitres included) and, for
/// centreline-only geometry, the round-capped polyline. Unlike `InkGeometry.bounds` (which
/// adds control points and a generous stroke pad), this is what vector export crops to
/// (a tight box including the stroke width, what users of signature_pad ask for when they
/// trim the blank space around a signature, szimek/signature_pad #49).
///
/// - Complexity: O(flattened vertices).
public enum InkBounds {
  /// Bounds of everything `inks` paint (stable and tentative), or `nil` when nothing is drawn.
  public static func of(_ inks: [InkGeometry]) -> Rect? {
    var box = Box()
    for g in inks { add(g, to: &box) }
    return box.rect
  }

  /// `of(inks)` with each geometry's `filledOutline` already written out (`outlines[i]` for
  /// `inks[i]`; ignored for geometry without fill), so a caller that needs the elements too
  /// writes them once.
  static func of(_ inks: [InkGeometry], outlines: [[PathElement]]) -> Rect? {
    var box = Box()
    for (g, outline) in zip(inks, outlines) { add(g, outline: outline, to: &box) }
    return box.rect
  }

  struct Box {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    mutating func add(_ p: Point, pad: Double = 0) {
      guard p.isFinite, pad.isFinite else { return }
      minX = min(minX, p.x - pad)
      minY = min(minY, p.y - pad)
      maxX = max(maxX, p.x + pad)
      maxY = max(maxY, p.y + pad)
    }
    var rect: Rect? {
      minX <= maxX && minY <= maxY ? Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
    }
  }

  static func add(_ g: InkGeometry, to box: inout Box) {
    add(g, outline: g.hasFill ? g.filledOutline : [], to: &box)
  }

  /// `add(g, to:)` with `g.filledOutline` given.
  static func add(_ g: InkGeometry, outline: [PathElement], to box: inout Box) {
    let flattener = Flattener(tolerance: 0.01)
    if !g.hasFill {
      for s in g.centerline where s.isFinite {
        let a = s.start
        let n = flattener.segments(
          max(
            (a - s.control1 * 2 + s.control2).length, (s.control1 - s.control2 * 2 + s.end).length)
            * 0.75)
        for k in 0...n {
          let t = Double(k) / Double(n)
          box.add(s.point(at: t), pad: max(0, s.width(at: t)) / 2)
        }
      }
      return
    }
    var polys = PolygonBuffer()
    flattener.flatten(outline, .identity, into: &polys)
    for p in polys.points { box.add(p) }
    g.forEachFilledDisc { d in if d.radius > 0 { box.add(d.center, pad: d.radius) } }
    let sw = g.outlineStrokeWidth
    if sw > 0, sw.isFinite {
      let stroker = OutlineStroker(width: sw)
      for i in 0..<polys.count {
        polys.withPolygon(i) { poly in
          stroker.stroke(poly) { piece in for p in piece { box.add(p) } }
        }
      }
      g.forEachFilledDisc { d in if d.radius > 0 { box.add(d.center, pad: d.radius + sw / 2) } }
    }
  }
}
