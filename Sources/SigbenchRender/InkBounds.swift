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

  /// Adds what `g` paints to `box`. The filled outline is flattened straight from `g.outline`
  /// and each band's vertices (written out on the stack, one band at a time), the elements
  /// `g.filledOutline` would list: no array of path elements is built. Without an outline
  /// stroke the flattened points go straight into the box (`PolygonBounds`), with the same
  /// resulting numbers as going through a `PolygonBuffer` (see there).
  static func add(_ g: InkGeometry, to box: inout Box) {
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
    let sw = g.outlineStrokeWidth
    guard sw > 0, sw.isFinite else {
      var polys = PolygonBounds(box: box)
      flattenFill(g, flattener, into: &polys)
      box = polys.box
      g.forEachFilledDisc { d in if d.radius > 0 { box.add(d.center, pad: d.radius) } }
      return
    }
    var polys = PolygonBuffer()
    flattenFill(g, flattener, into: &polys)
    for p in polys.points { box.add(p) }
    g.forEachFilledDisc { d in if d.radius > 0 { box.add(d.center, pad: d.radius) } }
    // The stroke's pieces near the bounds so far (`OutlineStroker.addStroke`).
    let stroker = OutlineStroker(width: sw)
    let inner = box
    for i in 0..<polys.count {
      polys.withPolygon(i) { poly in stroker.addStroke(poly, to: &box, inside: inner) }
    }
    g.forEachFilledDisc { d in if d.radius > 0 { box.add(d.center, pad: d.radius + sw / 2) } }
  }

  /// Flattens `g.filledOutline` into `sink` without building it: the outline, then each band's
  /// closed polygon (`flatten` of `[.move(v0), .line(v1), …, .close]` after the outline is
  /// what `flattenPolygon` does once `flatten` has closed the outline's last subpath).
  static func flattenFill<S: FlattenSink>(_ g: InkGeometry, _ f: Flattener, into sink: inout S) {
    f.flatten(g.outline, .identity, to: &sink)
    guard !g.bands.isEmpty else { return }
    withUnsafeTemporaryAllocation(of: Point.self, capacity: 2 * RoundBand.curveSteps + 2) { v in
      for b in g.bands {
        let n = b.vertexCount
        guard n > 0 else { continue }
        b.writeVertices(into: v)
        f.flattenPolygon(UnsafeBufferPointer(rebasing: v[0..<n]), .identity, into: &sink)
      }
    }
  }

  /// The bounds of the points of every polygon a `PolygonBuffer` would keep (3 vertices or
  /// more), added to `box` in the buffer's order polygon by polygon: a polygon's points are
  /// boxed on their own (`pending`) and merged when it closes with enough vertices. The result
  /// is `box` after adding the buffer's points one by one: `min` and `max` of the same finite
  /// values, ties kept as `Box.add` keeps them (the earlier value; flattened points are never
  /// −0, as `Transform.apply` adds +0).
  struct PolygonBounds: FlattenSink {
    var box: Box
    var pending = Box()
    var count = 0

    @inline(__always) mutating func append(_ p: Point) {
      pending.add(p)
      count += 1
    }

    @inline(__always) mutating func closePolygon() {
      if count >= 3 {
        box.minX = min(box.minX, pending.minX)
        box.minY = min(box.minY, pending.minY)
        box.maxX = max(box.maxX, pending.maxX)
        box.maxY = max(box.maxY, pending.maxY)
      }
      pending = Box()
      count = 0
    }
  }

  /// `add(g, to: &box)` for geometry with fill and no outline stroke, fed by the SVG writer as
  /// it writes: `init` flattens `g.outline`; then `SVGWriter.writeShapes` shows each band's
  /// vertices, then each disc, in the order `add` takes them (outline, bands, discs). `box`
  /// is then what `add` leaves.
  struct FillBounds: ShapeObserver {
    var polys: PolygonBounds
    let flattener = Flattener(tolerance: 0.01)

    init(_ g: InkGeometry, box: Box) {
      polys = PolygonBounds(box: box)
      flattener.flatten(g.outline, .identity, to: &polys)
    }

    var box: Box { polys.box }

    @inline(__always) mutating func band(_ vertices: UnsafeBufferPointer<Point>) {
      flattener.flattenPolygon(vertices, .identity, into: &polys)
    }

    @inline(__always) mutating func disc(_ d: Disc) {
      if d.radius > 0 { polys.box.add(d.center, pad: d.radius) }
    }
  }
}
