import SigbenchCore

/// The bounds of an outline stroke without the pieces that cannot reach them.
///
/// Every point of the pieces `strokeInto` emits for edge `i` (from `points[i]` to
/// `points[i + 1]`) lies within `h·(1 + 4ε)` of one of its two ends, per coordinate (`h` half
/// the width; the offset is `d/|d|·h` rounded), and every point of the join at vertex `v`
/// within `h·miterLimit·(1 + 8ε)` of `v` (the mitre tip is at `h / sin(φ/2)` with
/// `1 / sin(φ/2) ≤ miterLimit`; a bevel's ends at `h`), plus a few ulps of the coordinates
/// for the additions. So with `reach = h·(max(miterLimit, 1) + 1) + 10⁻⁹·M` (`M` the box's
/// largest coordinate magnitude, far above those ulps), a vertex more than `reach` inside a
/// box on every side has its join inside that box, and an edge between two such vertices has
/// its rectangle inside it, strictly: each such point is above the running minimum and below
/// the running maximum whenever it would be added, so adding it changes nothing, and it is
/// skipped. An empty box (`M` infinite) or a non-finite vertex skips nothing.
///
/// The points that are added are those `strokeInto` emits, from the same functions
/// (`edgeOffset`, `joinCorners`), so the box is the one the pieces give (tested against
/// `stroke`).
///
/// - Complexity: O(n) for n vertices; the square roots and divisions only near the box's edges.
extension OutlineStroker {
  /// Adds to `box` every point of the pieces `stroke(points)` emits, skipping those strictly
  /// inside `inner` (which must lie within `box`).
  func addStroke(
    _ points: UnsafeBufferPointer<Point>, to box: inout InkBounds.Box, inside inner: InkBounds.Box
  ) {
    let n = points.count
    guard n >= 2, width > 0, width.isFinite else { return }
    let h = width / 2
    let magnitude = max(
      max(abs(inner.minX), abs(inner.maxX)), max(abs(inner.minY), abs(inner.maxY)))
    let reach = h * (max(miterLimit, 1) + 1) + 1e-9 * magnitude
    @inline(__always) func near(_ p: Point) -> Bool {
      !(p.x - reach > inner.minX && p.x + reach < inner.maxX && p.y - reach > inner.minY
        && p.y + reach < inner.maxY)
    }
    for i in 0..<n {
      let a = points[i]
      let b = points[(i + 1) % n]
      guard near(a) || near(b) else { continue }
      guard let nrm = OutlineStroker.edgeOffset(a, b, halfWidth: h) else { continue }
      box.add(a + nrm)
      box.add(b + nrm)
      box.add(b - nrm)
      box.add(a - nrm)
    }
    for i in 0..<n {
      let v = points[i]
      guard near(v) else { continue }
      guard
        let join = joinCorners(points[(i + n - 1) % n], v, points[(i + 1) % n], halfWidth: h)
      else { continue }
      box.add(v)
      box.add(join.first)
      if let tip = join.tip { box.add(tip) }
      box.add(join.second)
    }
  }
}
