import SigbenchCore

/// Tolerance comparisons of strategy output, in one place (like google/ink's `PointNear`
/// matchers), so every test compares the same way. Each returns
/// `nil` when equal within `tolerance` (absolute, CSS px) or a description of the first
/// difference. There is no default tolerance: every call states it.
public enum InkComparison {
  /// First difference between two points, or `nil`.
  public static func difference(_ a: Point, _ b: Point, tolerance: Double) -> String? {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
      ? nil : "(\(a.x), \(a.y)) vs (\(b.x), \(b.y))"
  }

  /// First difference between two geometries (same counts, same element kinds, every number
  /// within `tolerance`), or `nil`. Outlines and discs are compared written out
  /// (`InkGeometry.filledOutline`, `InkGeometry.filledDiscs`), so a band and its polygon, or a
  /// stamp run and its discs, compare equal.
  public static func difference(_ a: InkGeometry, _ b: InkGeometry, tolerance: Double) -> String? {
    let aOutline = a.filledOutline
    let bOutline = b.filledOutline
    let aDiscs = a.filledDiscs
    let bDiscs = b.filledDiscs
    if a.centerline.count != b.centerline.count {
      return "centreline count \(a.centerline.count) vs \(b.centerline.count)"
    }
    if aOutline.count != bOutline.count {
      return "outline count \(aOutline.count) vs \(bOutline.count)"
    }
    if aDiscs.count != bDiscs.count { return "disc count \(aDiscs.count) vs \(bDiscs.count)" }
    if a.outlineStrokeWidth != b.outlineStrokeWidth {
      return "outline stroke width \(a.outlineStrokeWidth) vs \(b.outlineStrokeWidth)"
    }
    func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= tolerance }
    for (i, (s, t)) in zip(a.centerline, b.centerline).enumerated() {
      let pts = [
        (s.start, t.start), (s.control1, t.control1), (s.control2, t.control2), (s.end, t.end),
      ]
      for (p, q) in pts {
        if let d = difference(p, q, tolerance: tolerance) { return "centreline[\(i)]: \(d)" }
      }
      if !near(s.startWidth, t.startWidth) || !near(s.endWidth, t.endWidth) {
        return
          "centreline[\(i)] widths \(s.startWidth)/\(s.endWidth) vs \(t.startWidth)/\(t.endWidth)"
      }
    }
    for (i, (e, f)) in zip(aOutline, bOutline).enumerated() {
      let pe = points(e)
      let pf = points(f)
      guard pe.count == pf.count, kind(e) == kind(f) else {
        return "outline[\(i)]: \(e) vs \(f)"
      }
      for (p, q) in zip(pe, pf) {
        if let d = difference(p, q, tolerance: tolerance) { return "outline[\(i)]: \(d)" }
      }
    }
    for (i, (d, e)) in zip(aDiscs, bDiscs).enumerated() {
      if let m = difference(d.center, e.center, tolerance: tolerance) { return "disc[\(i)]: \(m)" }
      if !near(d.radius, e.radius) { return "disc[\(i)] radius \(d.radius) vs \(e.radius)" }
    }
    return nil
  }

  /// The points of one path element, in order.
  public static func points(_ e: PathElement) -> [Point] {
    switch e {
    case .move(let p), .line(let p): return [p]
    case .quad(let c, let p): return [c, p]
    case .cubic(let c1, let c2, let p): return [c1, c2, p]
    case .close: return []
    }
  }

  /// The element's kind as a word.
  public static func kind(_ e: PathElement) -> String {
    switch e {
    case .move: return "move"
    case .line: return "line"
    case .quad: return "quad"
    case .cubic: return "cubic"
    case .close: return "close"
    }
  }

  /// True when `ink` paints something: a disc of positive radius, a closed subpath enclosing
  /// area, or any outline when it is stroked.
  public static func isVisible(_ ink: InkGeometry) -> Bool {
    if ink.filledDiscs.contains(where: { $0.radius > 0 }) { return true }
    let outline = ink.filledOutline
    if !outline.isEmpty && ink.outlineStrokeWidth > 0 { return true }
    var subpath: [Point] = []
    for e in outline {
      if case .close = e {
        if polygonArea(subpath) > 0 { return true }
        subpath.removeAll()
      } else {
        subpath.append(contentsOf: points(e))
      }
    }
    return false
  }

  /// Absolute shoelace area of the polygon through `pts` (control points included).
  public static func polygonArea(_ pts: [Point]) -> Double {
    guard pts.count >= 3 else { return 0 }
    var s = 0.0
    for i in pts.indices { s += pts[i].cross(pts[(i + 1) % pts.count]) }
    return abs(s) / 2
  }
}
