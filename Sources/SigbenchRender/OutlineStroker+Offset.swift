import SigbenchCore

/// A closed polygon's fill and its stroke as two offset outlines, filled non-zero each and
/// united in one scanline pass, instead of one fill plus one piece per edge and per join.
///
/// For the polygon `P` with edges `e_i` (zero-length edges skipped, as the stroker skips
/// them), let `H⁻_i` and `H⁺_i` be the halves of edge `i`'s stroke rectangle on either side
/// (`∓n_i`, `n_i` the stroker's normal `(−d.y, d.x)/|d|·w/2`), and `J⁻_v`, `J⁺_v` the join
/// the stroker emits at vertex `v` on that side (miter, or bevel beyond the limit). The two
/// closed polylines, side `σ = ∓1`:
///
/// - for each vertex `v`: the tip of the side-`σ` miter join at `v` (nothing for a bevel),
///   or `v` itself when the stroker emits no join on that side there;
/// - then the offset edge `v + σ·n_i → next + σ·n_i`,
///
/// are, as 1-chains, `Q⁻ = ∂P + Σ ∂H⁻_i + Σ ∂J⁻_v` and `Q⁺ = ∂P − Σ ∂H⁺_i − Σ ∂J⁺_v`
/// (each piece positively oriented; the edge of `P` cancels against the rectangle's side
/// along it, the through-vertex connectors against the join's sides), so their winding
/// numbers are `w_P + k⁻` and `w_P − k⁺` with `k^±(x) ≥ 0` the number of side pieces holding
/// `x`. Hence `{w(Q⁻) ≠ 0} ∪ {w(Q⁺) ≠ 0}` is exactly `{w_P ≠ 0} ∪ ⋃ pieces`: where
/// `w_P > 0`, `Q⁻` holds the point; where `w_P < 0`, `Q⁺` does; where `w_P = 0`, a point is
/// held iff some piece holds it. This is the offset-curve winding argument of Chen and
/// McMains, "Polygon offsetting by computing winding numbers" (ASME IDETC 2005), made exact
/// for any polygon, self-intersecting ones included, by taking both sides.
///
/// Every vertex of the outer boundary (offset edge ends, miter tips, bevel ends) is computed
/// by the stroker's own expressions, so the boundary edges are bit for bit the pieces' edges
/// and a union pass over `Q⁻` and `Q⁺` sets the same cells (tested against the piece path on
/// random polygons and on UberSignature's stroked outlines).
///
/// Points are in output pixels, like the polygon and the stroker's `width`.
///
/// Cost (callgrind, `smooth+raster` lane, uber-weighted on SVC2004, the first 1,000 points the
/// counters replay at 2× on 800 × 300): 69.0 M instructions against 81.0 M with the fill plus
/// pieces; the union pass sweeps about twice the crossings of the fill alone, but the ~2n small
/// pieces, each set up and swept on its own, are gone.
///
/// - Complexity: O(n) for n vertices; at most 3n points appended per side.
extension OutlineStroker {
  /// Appends `Q⁻` (see above) of the closed polygon `points` to `minus` and `Q⁺` to `plus`;
  /// false, with nothing appended, when the stroker would emit nothing (fewer than 2 vertices,
  /// width not above 0 or not finite).
  public func appendOffsetOutlines(
    _ points: UnsafeBufferPointer<Point>, minus: inout [Point], plus: inout [Point]
  ) -> Bool {
    let n = points.count
    guard n >= 2, width > 0, width.isFinite else { return false }
    let h = width / 2
    // The incoming edge of vertex 0 (the stroker's `d0`, `l0`); afterwards carried over from
    // the previous vertex's outgoing edge (the same expressions, so the same values).
    var v = points[0]
    var d0 = v - points[n - 1]
    var l0 = d0.length
    for i in 0..<n {
      let next = points[i + 1 == n ? 0 : i + 1]
      let d1 = next - v
      let l1 = d1.length
      // The join at v, with the stroker's expressions (its second loop): on the side it is
      // emitted, the miter tip (nothing for a bevel); elsewhere the path runs through v.
      var joinSide = 0.0
      if l0 > 0, l1 > 0 {
        let u0 = d0 / l0
        let u1 = d1 / l1
        let turn = u0.cross(u1)
        if !(abs(turn) < 1e-12 && u0.dot(u1) > 0) {
          let side: Double = turn > 0 ? -1 : 1
          joinSide = side
          let n0 = Point(x: -u0.y, y: u0.x) * (h * side)
          let n1 = Point(x: -u1.y, y: u1.x) * (h * side)
          let cosTheta = max(-1, min(1, u0.dot(u1)))
          let halfPhiSin = ((1 + cosTheta) / 2).squareRoot()
          if halfPhiSin > 1e-12 && 1 / halfPhiSin <= miterLimit {
            let bis = (n0 + n1)
            let bl = bis.length
            let miterLen = h / halfPhiSin
            let tip = bl > 0 ? v + bis / bl * miterLen : v + n0
            if side < 0 { minus.append(tip) } else { plus.append(tip) }
          }
        }
      }
      if joinSide >= 0 { minus.append(v) }
      if joinSide <= 0 { plus.append(v) }
      // Edge v → next, with the stroker's expressions (its first loop): `d1` is its `b − a`.
      if l1 > 0 {
        let nrm = Point(x: -d1.y / l1 * h, y: d1.x / l1 * h)
        minus.append(v - nrm)
        minus.append(next - nrm)
        plus.append(v + nrm)
        plus.append(next + nrm)
      }
      v = next
      d0 = d1
      l0 = l1
    }
    return true
  }
}
