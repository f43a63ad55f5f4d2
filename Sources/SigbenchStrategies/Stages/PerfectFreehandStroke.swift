import SigbenchCore

/// One input sample as perfect-freehand 1.2.2 reads an array point `[x, y, pressure?]`, in
/// stroke-local CSS px.
public struct PerfectFreehandInput: Sendable, Hashable {
  public var point: Point
  /// Pressure when present, finite and ≥ 0 (the library's `pressure >= 0` test); else `nil`.
  public var pressure: Double?

  public init(point: Point, pressure: Double?) {
    self.point = point
    self.pressure = pressure
  }

  /// `sample` relative to `origin`.
  public init(_ sample: Sample, origin: Point) {
    point = sample.point - origin
    pressure = sample.pressure.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
  }
}

/// The whole-stroke functions of perfect-freehand 1.2.2 (`getStrokePoints`,
/// `getStrokeOutlinePoints`) and the ink both ports draw from an outline.
///
/// Every position is stroke-local (relative to the first sample) and moved to the canvas only
/// when written, so a translated input gives bit-identical local geometry.
public enum PerfectFreehandStroke {
  /// perfect-freehand 1.2.2, `getStrokePoints`: the streamlined centre points.
  ///
  /// One sample gets a second at (+1, +1) (its pressure copied); two samples become five
  /// points at 0, ¼, ½, ¾ and 1 of the segment (the added ones without pressure). Each later
  /// point is pulled toward the previous centre point, q = prev + t·(input − prev) with
  /// t = `PerfectFreehandOptions.pull`, except the final one when `last` is set; a point equal
  /// to the previous one is dropped; until the running length reaches `size`, every point
  /// but the final one is dropped (and the previous point is not advanced, though the running
  /// length still grows).
  ///
  /// - Complexity: O(n) time and memory.
  public static func points(_ input: [PerfectFreehandInput], _ o: PerfectFreehandOptions)
    -> [PerfectFreehandPoint]
  {
    guard let first = input.first else { return [] }
    var pts = input
    if pts.count == 2 {
      let end = pts[1].point
      pts.removeLast()
      for i in 1..<5 {
        pts.append(PerfectFreehandInput(point: first.point.lerp(end, Double(i) / 4), pressure: nil))
      }
    }
    if pts.count == 1 {
      pts.append(
        PerfectFreehandInput(point: first.point + Point(x: 1, y: 1), pressure: first.pressure))
    }
    let t = o.pull
    var out = [
      PerfectFreehandPoint(
        point: first.point, pressure: first.pressure ?? 0.25, vector: Point(x: 1, y: 1),
        distance: 0, runningLength: 0)
    ]
    var reached = false
    var length = 0.0
    var prev = out[0]
    let max = pts.count - 1
    for i in 1..<pts.count {
      let point = o.last && i == max ? pts[i].point : prev.point.lerp(pts[i].point, t)
      if point == prev.point { continue }
      let distance = (point - prev.point).length
      length += distance
      if i < max && !reached {
        if length < o.size { continue }
        reached = true
      }
      prev = PerfectFreehandPoint(
        point: point, pressure: pts[i].pressure ?? 0.5,
        vector: PerfectFreehandPoint.unit(from: point, back: prev.point), distance: distance,
        runningLength: length)
      out.append(prev)
    }
    out[0].vector = out.count > 1 ? out[1].vector : .zero
    return out
  }

  /// perfect-freehand 1.2.2, `getStrokeOutlinePoints`: the left and right outline points and
  /// the caps of the centre points `points` (see `PerfectFreehandWalk`).
  ///
  /// - Complexity: O(n) time and memory.
  public static func outline(_ points: [PerfectFreehandPoint], _ o: PerfectFreehandOptions)
    -> PerfectFreehandOutline
  {
    var out = PerfectFreehandOutline()
    guard let first = points.first, let last = points.last else { return out }
    let total = last.runningLength
    var seed = first.pressure
    for p in points.prefix(10) { seed = PerfectFreehandWalk.seed(seed, p, o) }
    var walk = PerfectFreehandWalk(first: first, seed: seed, size: o.size)
    for i in points.indices {
      let next = i + 1 < points.count ? points[i + 1] : nil
      if let r = walk.step(
        i, points[i], next: next, total: total, o, left: &out.left, right: &out.right)
      {
        out.centre.append(WeightedPoint(points[i].point, width: 2 * r))
      }
    }
    walk.caps(
      first: first.point, last: last, count: points.count, total: total, left0: out.left.first,
      right0: out.right.first, withStartCap: true, o, into: &out)
    return out
  }

  /// Writes the part of a stroke that follows what is already drawn: `outline` holds the
  /// remaining outline points and centre points. With nothing drawn yet (`stableLeft` nil)
  /// the fill is the library's whole polygon (or dot) as one closed subpath; otherwise it is
  /// the closed band from the last drawn left point along `left`, the end cap, `right`
  /// backwards, to the last drawn right point. The centreline joins the centre points (from
  /// `stableCentre`) with straight segments of the drawn widths; a lone centre point is a
  /// zero-length segment. Everything is moved by `origin`.
  ///
  /// - Complexity: O(points written); appends to `ink` only.
  public static func writeTail(
    _ outline: PerfectFreehandOutline, stableLeft: Point?, stableRight: Point?,
    stableCentre: WeightedPoint?, origin: Point, into ink: inout InkGeometry
  ) {
    var a = stableCentre
    let centre = outline.centre
    if a == nil, centre.count == 1 { a = centre[0] }
    for k in 0..<centre.count {
      if let a { ink.append(segment(a, centre[k], origin)) }
      a = centre[k]
    }
    var open = false
    if let l = stableLeft {
      add(l, origin, open: &open, into: &ink)
    } else {
      add(outline.dot, origin, open: &open, into: &ink)
    }
    add(outline.left, origin, open: &open, into: &ink)
    add(outline.endCap, origin, open: &open, into: &ink)
    add(outline.right, reversed: true, origin, open: &open, into: &ink)
    if let r = stableRight { add(r, origin, open: &open, into: &ink) }
    add(outline.startCap, origin, open: &open, into: &ink)
    if open { ink.append(.close) }
  }

  /// Appends `p` moved by `origin` to the subpath under way (`open`), or starts one with it.
  static func add(_ p: Point, _ origin: Point, open: inout Bool, into ink: inout InkGeometry) {
    ink.append(open ? .line(p + origin) : .move(p + origin))
    open = true
  }

  /// Appends `points` (backwards when `reversed`) one by one as `add(_:_:open:into:)` does.
  ///
  /// - Complexity: O(points.count), no allocation beyond `ink`'s growth. It indexes `points`
  ///   instead of iterating them: an array's iterator reads each element through a coroutine
  ///   whose frame a debug build allocates on the heap.
  static func add(
    _ points: [Point], reversed: Bool = false, _ origin: Point, open: inout Bool,
    into ink: inout InkGeometry
  ) {
    let n = points.count
    for k in 0..<n { add(points[reversed ? n - 1 - k : k], origin, open: &open, into: &ink) }
  }

  /// The straight centreline segment a → b with their widths, moved by `origin`.
  @inlinable public static func segment(_ a: WeightedPoint, _ b: WeightedPoint, _ origin: Point)
    -> CenterlineSegment
  {
    CenterlineSegment.line(a.point, b.point, startWidth: a.width, endWidth: b.width)
      .translated(by: origin)
  }
}
