import SigbenchCore

/// One centre point of perfect-freehand 1.2.2 (`StrokePoint` of `getStrokePoints`), in
/// stroke-local CSS px.
public struct PerfectFreehandPoint: Sendable, Hashable {
  /// The streamlined position, px.
  public var point: Point
  /// Input pressure in [0, 1] (0.25 for a first point without one, 0.5 for a later one).
  public var pressure: Double
  /// Unit vector from this point back to the previous one (the first point copies the
  /// second's; (0, 0) when the stroke has one point).
  public var vector: Point
  /// Distance to the previous centre point, px.
  public var distance: Double
  /// The library's running length at this point, px (it also counts candidates dropped by
  /// the minimum-length gate).
  public var runningLength: Double

  public init(
    point: Point, pressure: Double, vector: Point, distance: Double, runningLength: Double
  ) {
    self.point = point
    self.pressure = pressure
    self.vector = vector
    self.distance = distance
    self.runningLength = runningLength
  }

  /// The unit vector from `a` back to `b` (the library's `uni(sub(b, a))`).
  @inlinable public static func unit(from a: Point, back b: Point) -> Point {
    let d = b - a
    let l = len(d)
    return Point(x: d.x / l, y: d.y / l)
  }

  /// The library's `len(A)`: `Math.hypot(A[0], A[1])` (perfect-freehand 1.2.2, `vec.ts`),
  /// which neither underflows nor overflows. √(x² + y²) gives the same bits while the larger
  /// component lies in [1e-150, 1e150]; outside, it would give 0 for (1e-300, 0) (and the
  /// unit vector ∞) or ∞ for (1e200, 0), so the components are first scaled by the larger.
  @inlinable public static func len(_ v: Point) -> Double {
    let ax = abs(v.x)
    let ay = abs(v.y)
    let m = max(ax, ay)
    if m >= 1e-150 && m <= 1e150 { return (ax * ax + ay * ay).squareRoot() }
    guard m > 0, m.isFinite else { return ax.isNaN || ay.isNaN ? .nan : m }
    let x = ax / m
    let y = ay / m
    return m * (x * x + y * y).squareRoot()
  }
}

/// The outline of one stroke as perfect-freehand 1.2.2's `getStrokeOutlinePoints` builds it, in
/// stroke-local px: its polygon is `left`, `endCap`, `right` reversed, `startCap` — or `dot`.
public struct PerfectFreehandOutline: Sendable, Hashable {
  public var left: [Point] = []
  public var right: [Point] = []
  public var startCap: [Point] = []
  public var endCap: [Point] = []
  /// The 13-point circle of a stroke drawn as a dot (then the sides and caps are empty).
  public var dot: [Point] = []
  /// The centre points that carry ink (those the end-noise skip keeps), with the drawn full
  /// width 2·radius, px; for a dot, its centre and diameter.
  public var centre: [WeightedPoint] = []

  public init() {}

  /// Empties every part, keeping storage.
  public mutating func removeAll() {
    if !left.isEmpty { left.removeAll(keepingCapacity: true) }
    if !right.isEmpty { right.removeAll(keepingCapacity: true) }
    if !startCap.isEmpty { startCap.removeAll(keepingCapacity: true) }
    if !endCap.isEmpty { endCap.removeAll(keepingCapacity: true) }
    if !dot.isEmpty { dot.removeAll(keepingCapacity: true) }
    if !centre.isEmpty { centre.removeAll(keepingCapacity: true) }
  }

  /// The polygon in the library's order.
  public var polygon: [Point] {
    dot.isEmpty ? left + endCap + right.reversed() + startCap : dot
  }
}

/// Two sides of outline points.
/// Where `PerfectFreehandWalk.step` puts the outline points it makes: the whole-stroke
/// port's arrays, or the incremental engine's reusable lists.
public protocol PerfectFreehandSides {
  mutating func appendLeft(_ p: Point)
  mutating func appendRight(_ p: Point)
}

public struct PerfectFreehandSidePoints: Sendable, Hashable, PerfectFreehandSides {
  public var left: [Point] = []
  public var right: [Point] = []

  public init() {}

  @inlinable public mutating func appendLeft(_ p: Point) { left.append(p) }
  @inlinable public mutating func appendRight(_ p: Point) { right.append(p) }
}

/// The state of the loop of perfect-freehand 1.2.2's `getStrokeOutlinePoints` between centre
/// points, and one iteration of it (`step`), shared by the whole-stroke port and the
/// incremental one so both draw the same points.
public struct PerfectFreehandWalk: Sendable, Hashable {
  public var prevPressure: Double
  public var prevVector: Point
  /// The last point kept on each side (`pl`, `pr`).
  public var pl: Point
  public var pr: Point
  public var isPrevSharp = false
  /// Radius of the first point drawn, before tapering.
  public var firstRadius: Double?
  /// The latest radius, px.
  public var radius: Double

  /// The state before the first centre point: `seed` is the folded start pressure.
  public init(first: PerfectFreehandPoint, seed: Double, size: Double) {
    prevPressure = seed
    prevVector = first.vector
    pl = first.point
    pr = first.point
    radius = size / 2
  }

  /// The library's start pressure: `acc` folded with one of the first ten centre points.
  @inlinable public static func seed(
    _ acc: Double, _ p: PerfectFreehandPoint, _ o: PerfectFreehandOptions
  ) -> Double {
    let pressure =
      o.simulatePressure ? o.simulatedPressure(after: acc, distance: p.distance) : p.pressure
    return (acc + pressure) / 2
  }

  /// Centre point `i` (`nextVector` is the following centre point's vector, `nil` for the
  /// last point; `total` the stroke's length): appends its outline points to the sides of
  /// `sides` and returns its radius, or returns `nil` when it is end noise (within 3 px of the
  /// end, not the last). Only the next point's vector is read, so only it is passed (a whole
  /// optional centre point costs a copy of seven values per call).
  ///
  /// - Complexity: O(1); appends at most 14 points per side.
  @inlinable public mutating func step<Sides: PerfectFreehandSides>(
    _ i: Int, _ p: PerfectFreehandPoint, nextVector next: Point?, total: Double,
    _ o: PerfectFreehandOptions, sides: inout Sides
  ) -> Double? {
    let isLast = next == nil
    let toEnd = total - p.runningLength
    if !isLast && toEnd < 3 { return nil }
    var pressure = p.pressure
    if o.thinning != 0 {
      if o.simulatePressure {
        pressure = o.simulatedPressure(after: prevPressure, distance: p.distance)
      }
      radius = o.radius(pressure: pressure)
    } else {
      radius = o.size / 2
    }
    if firstRadius == nil { firstRadius = radius }
    let ts =
      p.runningLength < o.taperStart
      ? PerfectFreehandOptions.startEase(p.runningLength / o.taperStart) : 1
    let te = toEnd < o.taperEnd ? PerfectFreehandOptions.endEase(toEnd / o.taperEnd) : 1
    radius = max(0.01, radius * min(ts, te))

    let vector = p.vector
    let nextVector = next ?? vector
    let nextDpr = isLast ? 1.0 : vector.dot(nextVector)
    let prevDpr = vector.dot(prevVector)
    let sharpHere = prevDpr < 0 && !isPrevSharp
    let sharpNext = nextDpr < 0
    if sharpHere || sharpNext {
      corner(p.point, radius: radius, sides: &sides)
      if sharpNext { isPrevSharp = true }
      return radius
    }
    isPrevSharp = false
    if isLast {
      let offset = Self.perpendicular(vector) * radius
      sides.appendLeft(p.point - offset)
      sides.appendRight(p.point + offset)
      return radius
    }
    let offset = Self.perpendicular(nextVector.lerp(vector, nextDpr)) * radius
    let tl = p.point - offset
    if i <= 1 || Self.distanceSquared(pl, tl) > o.minDistanceSquared {
      sides.appendLeft(tl)
      pl = tl
    }
    let tr = p.point + offset
    if i <= 1 || Self.distanceSquared(pr, tr) > o.minDistanceSquared {
      sides.appendRight(tr)
      pr = tr
    }
    prevPressure = pressure
    prevVector = vector
    return radius
  }

  /// A half-disc fan on both sides of the centre point `c` at a sharp turn (kept out of line:
  /// turns are rare, and the fan loop would bloat every inlined `step`).
  @inlinable @inline(never) mutating func corner<Sides: PerfectFreehandSides>(
    _ c: Point, radius: Double, sides: inout Sides
  ) {
    let offset = Self.perpendicular(prevVector) * radius
    let a = c - offset
    let b = c + offset
    let fanLeft = PerfectFreehandFans.cornerLeft
    let fanRight = PerfectFreehandFans.cornerRight
    for k in 0..<fanLeft.count {
      pl = fanLeft[k].rotate(a, about: c)
      sides.appendLeft(pl)
      pr = fanRight[k].rotate(b, about: c)
      sides.appendRight(pr)
    }
  }

  /// The library's `per`: (y, −x).
  @inlinable public static func perpendicular(_ a: Point) -> Point { Point(x: a.y, y: -a.x) }

  @inlinable static func distanceSquared(_ a: Point, _ b: Point) -> Double {
    let d = a - b
    return d.x * d.x + d.y * d.y
  }

  /// The caps of a stroke of `count` centre points from `first` to `last` (`total` long),
  /// written into `outline.startCap` and `outline.endCap` (or, for a dot, `outline.dot`, the
  /// sides and centre replaced by the dot). `left0`/`right0` are the first outline points of
  /// each side; `withStartCap` false leaves the start cap out (it was drawn already).
  ///
  /// Follows the library, plus one rule for what it leaves invisible: a stroke of one centre
  /// point is always a dot (the library returns two equal points when tapered and not `last`),
  /// and so is a stroke shorter than 3 px with a start taper (the library keeps only its last
  /// point, tapered, with no start cap: no area).
  ///
  /// - Complexity: O(1), at most 29 points.
  public func caps(
    first: Point, last: PerfectFreehandPoint, count: Int, total: Double, left0: Point?,
    right0: Point?, withStartCap: Bool, _ o: PerfectFreehandOptions,
    into outline: inout PerfectFreehandOutline
  ) {
    if count == 1 || (o.taperStart > 0 && total < 3) {
      let lastPoint = count > 1 ? last.point : first + Point(x: 1, y: 1)
      let r = firstRadius.flatMap { $0 == 0 ? nil : $0 } ?? radius
      let dir = Self.perpendicular(first - lastPoint)
      let l = PerfectFreehandPoint.len(dir)
      let start = first + Point(x: dir.x / l, y: dir.y / l) * -r
      outline.removeAll()
      PerfectFreehandFans.append(
        PerfectFreehandFans.dot, turning: start, about: first, to: &outline.dot)
      outline.centre.append(WeightedPoint(first, width: 2 * r))
      return
    }
    if withStartCap, let l0 = left0, let r0 = right0 {
      Self.startCap(first: first, left0: l0, right0: r0, o, into: &outline.startCap)
    }
    let direction = Self.perpendicular(-last.vector)
    if o.taperEnd > 0 {
      outline.endCap.append(last.point)
    } else if o.capEnd {
      let start = last.point + direction * radius
      PerfectFreehandFans.append(
        PerfectFreehandFans.endCap, turning: start, about: last.point, to: &outline.endCap)
    } else {
      outline.endCap.append(last.point + direction * radius)
      outline.endCap.append(last.point + direction * (radius * 0.99))
      outline.endCap.append(last.point - direction * (radius * 0.99))
      outline.endCap.append(last.point - direction * radius)
    }
  }

  /// The start cap around `first` from the first outline points `left0` and `right0`: none
  /// with a start taper, else 13 points turning `right0` by up to π + 0.0001 (round) or 4
  /// points across the start (flat).
  public static func startCap(
    first: Point, left0: Point, right0: Point, _ o: PerfectFreehandOptions,
    into cap: inout [Point]
  ) {
    if o.taperStart > 0 { return }
    if o.capStart {
      PerfectFreehandFans.append(
        PerfectFreehandFans.startCap, turning: right0, about: first, to: &cap)
    } else {
      let corners = left0 - right0
      let a = corners * 0.5
      let b = corners * 0.51
      cap.append(first - a)
      cap.append(first - b)
      cap.append(first + b)
      cap.append(first + a)
    }
  }
}
