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
    var out: [PerfectFreehandPoint] = []
    points(input, o, into: &out)
    return out
  }

  /// `points(_:_:)` written into `out` (emptied first, its storage reused).
  ///
  /// - Complexity: O(n) time; no allocation once `out` has grown to the stroke.
  public static func points(
    _ input: [PerfectFreehandInput], _ o: PerfectFreehandOptions,
    into out: inout [PerfectFreehandPoint]
  ) {
    out.removeAll(keepingCapacity: true)
    guard !input.isEmpty else { return }
    if input.count <= 2 {
      var pts = input
      let first = input[0]
      if pts.count == 2 {
        let end = pts[1].point
        pts.removeLast()
        for i in 1..<5 {
          pts.append(
            PerfectFreehandInput(point: first.point.lerp(end, Double(i) / 4), pressure: nil))
        }
      } else {
        pts.append(
          PerfectFreehandInput(point: first.point + Point(x: 1, y: 1), pressure: first.pressure))
      }
      streamline(pts, o, into: &out)
    } else {
      streamline(input, o, into: &out)
    }
  }

  /// The streamline loop of `points(_:_:into:)` over `pts` (at least two).
  @inline(__always)
  static func streamline(
    _ pts: [PerfectFreehandInput], _ o: PerfectFreehandOptions,
    into out: inout [PerfectFreehandPoint]
  ) {
    let n = pts.count
    out.reserveCapacity(n)
    let t = o.pull
    let size = o.size
    let useLast = o.last
    let first = pts[0]
    var prev = PerfectFreehandPoint(
      point: first.point, pressure: first.pressure ?? 0.25, vector: Point(x: 1, y: 1),
      distance: 0, runningLength: 0)
    out.append(prev)
    var reached = false
    var length = 0.0
    let max = n - 1
    pts.withUnsafeBufferPointer { p in
      for i in 1..<n {
        let q = p[i]
        let point = useLast && i == max ? q.point : prev.point.lerp(q.point, t)
        if point == prev.point { continue }
        // One square root for both: |prev − point| = |point − prev| exactly.
        let back = prev.point - point
        let distance = PerfectFreehandPoint.len(back)
        length += distance
        if i < max && !reached {
          if length < size { continue }
          reached = true
        }
        prev = PerfectFreehandPoint(
          point: point, pressure: q.pressure ?? 0.5,
          vector: Point(x: back.x / distance, y: back.y / distance), distance: distance,
          runningLength: length)
        out.append(prev)
      }
    }
    out[0].vector = out.count > 1 ? out[1].vector : .zero
  }

  /// perfect-freehand 1.2.2, `getStrokeOutlinePoints`: the left and right outline points and
  /// the caps of the centre points `points` (see `PerfectFreehandWalk`).
  ///
  /// - Complexity: O(n) time and memory.
  public static func outline(_ points: [PerfectFreehandPoint], _ o: PerfectFreehandOptions)
    -> PerfectFreehandOutline
  {
    var out = PerfectFreehandOutline()
    outline(points, o, into: &out)
    return out
  }

  /// `outline(_:_:)` written into `out` (emptied first, its storage reused).
  ///
  /// - Complexity: O(n) time; no allocation once `out` has grown to the stroke.
  public static func outline(
    _ points: [PerfectFreehandPoint], _ o: PerfectFreehandOptions,
    into out: inout PerfectFreehandOutline
  ) {
    out.removeAll()
    let n = points.count
    guard n > 0 else { return }
    let first = points[0]
    let last = points[n - 1]
    let total = last.runningLength
    var seed = first.pressure
    for k in 0..<min(10, n) { seed = PerfectFreehandWalk.seed(seed, points[k], o) }
    var walk = PerfectFreehandWalk(first: first, seed: seed, size: o.size)
    out.centre.reserveCapacity(n)
    var sides = PerfectFreehandSidePoints()
    swap(&sides.left, &out.left)
    swap(&sides.right, &out.right)
    points.withUnsafeBufferPointer { p in
      for i in 0..<n - 1 {
        if let r = walk.step(i, p[i], nextVector: p[i + 1].vector, total: total, o, sides: &sides) {
          out.centre.append(WeightedPoint(p[i].point, width: 2 * r))
        }
      }
    }
    if let r = walk.step(n - 1, last, nextVector: nil, total: total, o, sides: &sides) {
      out.centre.append(WeightedPoint(last.point, width: 2 * r))
    }
    swap(&sides.left, &out.left)
    swap(&sides.right, &out.right)
    walk.caps(
      first: first.point, last: last, count: n, total: total, left0: out.left.first,
      right0: out.right.first, withStartCap: true, o, into: &out)
  }

  /// Writes the whole stroke of the centre points `points` to `ink`, element for element what
  /// `writeTail(outline(points, o), stableLeft: nil, …)` writes, without building the whole
  /// outline: the centreline segments are written straight into the ink's storage as the walk
  /// makes them, the walk's outline points wait in `buffers` (reused), then the one closed
  /// subpath (left side, end cap, right side backwards, start cap) is counted and written
  /// straight into the ink's storage, the caps' points made as they are written. A dot (see
  /// `PerfectFreehandWalk.caps`) is built in `buffers`' outline and written with `writeTail`.
  ///
  /// - Complexity: O(n) time; no allocation once `buffers` and `ink` have grown to the stroke.
  public static func write(
    _ points: [PerfectFreehandPoint], _ o: PerfectFreehandOptions, origin: Point,
    buffers: inout PerfectFreehandStrokeBuffers, into ink: inout InkGeometry
  ) {
    let n = points.count
    guard n > 0 else { return }
    let first = points[0]
    let last = points[n - 1]
    let total = last.runningLength
    if n == 1 || (o.taperStart > 0 && total < 3) {
      outline(points, o, into: &buffers.dot)
      writeTail(
        buffers.dot, stableLeft: nil, stableRight: nil, stableCentre: nil, origin: origin,
        into: &ink)
      return
    }
    var seed = first.pressure
    for k in 0..<min(10, n) { seed = PerfectFreehandWalk.seed(seed, points[k], o) }
    var walk = PerfectFreehandWalk(first: first, seed: seed, size: o.size)
    if !buffers.sides.left.isEmpty { buffers.sides.left.removeAll(keepingCapacity: true) }
    if !buffers.sides.right.isEmpty { buffers.sides.right.removeAll(keepingCapacity: true) }
    // The centreline straight into the ink: at most one segment per centre point.
    ink.centerline.append(atMost: n) { base in
      var at = base
      var a: WeightedPoint?
      func join(_ c: WeightedPoint) {
        if let a {
          at.initialize(to: segment(a, c, origin))
          at += 1
        }
        a = c
      }
      points.withUnsafeBufferPointer { p in
        for i in 0..<n - 1 {
          if let r = walk.step(
            i, p[i], nextVector: p[i + 1].vector, total: total, o, sides: &buffers.sides)
          {
            join(WeightedPoint(p[i].point, width: 2 * r))
          }
        }
      }
      if let r = walk.step(n - 1, last, nextVector: nil, total: total, o, sides: &buffers.sides) {
        join(WeightedPoint(last.point, width: 2 * r))
      }
      // A lone centre point is a zero-length segment.
      if at == base, let a {
        at.initialize(to: segment(a, a, origin))
        at += 1
      }
      return at - base
    }
    // The caps as `PerfectFreehandWalk.caps` and `startCap` build them (not a dot).
    let endCap = PerfectFreehandIncrementalEndCap(
      centre: last.point, direction: PerfectFreehandWalk.perpendicular(-last.vector),
      radius: walk.radius, o)
    let left = buffers.sides.left
    let right = buffers.sides.right
    let startCap =
      !left.isEmpty && !right.isEmpty
      ? PerfectFreehandIncrementalStartCap(
        first: first.point, left0: left[0], right0: right[0], o) : nil
    PerfectFreehandIncrementalPen.subpath(
      origin: origin, into: &ink.outline, forward: left, endCap: endCap, backward: right,
      startCap: startCap)
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
    outline.centre.withUnsafeBufferPointer { c in
      PerfectFreehandIncrementalPen.segments(
        from: stableCentre, count: c.count, { c[$0] }, origin: origin, into: &ink.centerline)
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
  /// - Complexity: O(points.count), no allocation beyond `ink`'s growth. It reads `points`
  ///   through a buffer pointer instead of iterating them: an array's iterator reads each
  ///   element through a coroutine whose frame a debug build allocates on the heap.
  static func add(
    _ points: [Point], reversed: Bool = false, _ origin: Point, open: inout Bool,
    into ink: inout InkGeometry
  ) {
    let n = points.count
    guard n > 0 else { return }
    var started = open
    points.withUnsafeBufferPointer { p in
      if reversed {
        var k = n - 1
        if !started {
          ink.append(.move(p[k] + origin))
          started = true
          k -= 1
        }
        while k >= 0 {
          ink.append(.line(p[k] + origin))
          k -= 1
        }
      } else {
        var k = 0
        if !started {
          ink.append(.move(p[0] + origin))
          started = true
          k = 1
        }
        while k < n {
          ink.append(.line(p[k] + origin))
          k += 1
        }
      }
    }
    open = true
  }

  /// The straight centreline segment a → b with their widths, moved by `origin` (the points
  /// of `CenterlineSegment.line(...).translated(by:)`, bit for bit).
  @inlinable public static func segment(_ a: WeightedPoint, _ b: WeightedPoint, _ origin: Point)
    -> CenterlineSegment
  {
    CenterlineSegment(
      start: a.point + origin, control1: a.point.lerp(b.point, 1.0 / 3.0) + origin,
      control2: a.point.lerp(b.point, 2.0 / 3.0) + origin, end: b.point + origin,
      startWidth: a.width, endWidth: b.width)
  }
}

/// Storage `PerfectFreehandStroke.write` reuses from one call to the next: the outline points
/// of both sides and the outline of a dot.
public struct PerfectFreehandStrokeBuffers: Sendable {
  var sides = PerfectFreehandSidePoints()
  var dot = PerfectFreehandOutline()

  public init() {}

  /// Room for a stroke of `points` centre points (one outline point per side each, the common
  /// case; a sharp turn adds a fan and grows the storage once).
  public mutating func reserve(points: Int) {
    sides.left.reserveCapacity(points)
    sides.right.reserveCapacity(points)
  }
}
