import SigbenchCore

// The pieces `PerfectFreehandIncrementalEngine` is built from: its caps kept as parameters, its
// reusable lists, and the pen and walk steps it shares with the faithful outline.

/// The start cap of `PerfectFreehandWalk.startCap` as its parameters: the first centre point
/// and the first outline point of each side; `nil` with a start taper (no cap).
struct PerfectFreehandIncrementalStartCap: Sendable {
  let round: Bool
  let first: Point
  let left0: Point
  let right0: Point

  init?(first: Point, left0: Point, right0: Point, _ o: PerfectFreehandOptions) {
    if o.taperStart > 0 { return nil }
    round = o.capStart
    self.first = first
    self.left0 = left0
    self.right0 = right0
  }

  var count: Int { round ? PerfectFreehandFans.startCap.count : 4 }

  /// Calls `body` with each point, in order: 13 turning `right0` about `first` by up to
  /// π + 0.0001 (round), or 4 across the start (flat).
  @inline(__always) func forEach(_ body: (Point) -> Void) {
    let f = first
    if round {
      let r0 = right0
      PerfectFreehandFans.startCap.withUnsafeBufferPointer { fan in
        for k in 0..<fan.count { body(fan[k].rotate(r0, about: f)) }
      }
    } else {
      let corners = left0 - right0
      let a = corners * 0.5
      let b = corners * 0.51
      body(f - a)
      body(f - b)
      body(f + b)
      body(f + a)
    }
  }
}

/// The end cap of `PerfectFreehandWalk.caps` as its parameters: the last centre point, the
/// direction perpendicular to its vector and the last radius.
struct PerfectFreehandIncrementalEndCap: Sendable {
  enum Kind { case point, round, flat }
  let kind: Kind
  let centre: Point
  let direction: Point
  let radius: Double

  init(centre: Point, direction: Point, radius: Double, _ o: PerfectFreehandOptions) {
    kind = o.taperEnd > 0 ? .point : o.capEnd ? .round : .flat
    self.centre = centre
    self.direction = direction
    self.radius = radius
  }

  var count: Int {
    switch kind {
    case .point: 1
    case .round: PerfectFreehandFans.endCap.count
    case .flat: 4
    }
  }

  /// Calls `body` with each point, in order.
  @inline(__always) func forEach(_ body: (Point) -> Void) {
    let c = centre
    switch kind {
    case .point:
      body(c)
    case .round:
      let start = c + direction * radius
      PerfectFreehandFans.endCap.withUnsafeBufferPointer { f in
        for k in 0..<f.count { body(f[k].rotate(start, about: c)) }
      }
    case .flat:
      body(c + direction * radius)
      body(c + direction * (radius * 0.99))
      body(c - direction * (radius * 0.99))
      body(c - direction * radius)
    }
  }
}

/// A list whose storage is kept and overwritten: emptying it resets its count (one store),
/// where `removeAll(keepingCapacity:)` costs a call and a uniqueness check per array.
struct PerfectFreehandIncrementalList<Element: Sendable>: Sendable {
  /// At least `count` elements; those from `count` on are leftovers.
  private var storage: [Element] = []
  private(set) var count = 0

  @inline(__always) mutating func removeAll() { count = 0 }

  mutating func reserve(_ n: Int) { storage.reserveCapacity(n) }

  @inline(__always) mutating func append(_ e: Element) {
    if count < storage.count {
      storage[count] = e
    } else {
      storage.append(e)
    }
    count += 1
  }

  @inline(__always) subscript(k: Int) -> Element { storage[k] }

  /// The elements, in a new array.
  var elements: [Element] { Array(storage[0..<count]) }

  @inline(__always) func forEach(_ body: (Element) -> Void) {
    let n = count
    storage.withUnsafeBufferPointer { p in
      for k in 0..<n { body(p[k]) }
    }
  }

  @inline(__always) func forEachReversed(_ body: (Element) -> Void) {
    var k = count - 1
    storage.withUnsafeBufferPointer { p in
      while k >= 0 {
        body(p[k])
        k -= 1
      }
    }
  }
}

/// A run of outline points that the pen walks forwards or backwards: the engine's reusable
/// lists and the whole-stroke port's arrays.
protocol PerfectFreehandPointRun {
  var count: Int { get }
  /// Calls `body` with each point, first to last, or last to first when `reversed`.
  func forEachPoint(reversed: Bool, _ body: (Point) -> Void)
}

extension PerfectFreehandIncrementalList: PerfectFreehandPointRun where Element == Point {
  @inline(__always) func forEachPoint(reversed: Bool, _ body: (Point) -> Void) {
    if reversed { forEachReversed(body) } else { forEach(body) }
  }
}

extension Array: PerfectFreehandPointRun where Element == Point {
  @inline(__always) func forEachPoint(reversed: Bool, _ body: (Point) -> Void) {
    withUnsafeBufferPointer { p in
      if reversed {
        var k = p.count - 1
        while k >= 0 {
          body(p[k])
          k -= 1
        }
      } else {
        for k in 0..<p.count { body(p[k]) }
      }
    }
  }
}

/// Writes one closed subpath of outline points, moved by `origin`: `.move` to the first point,
/// `.line` to each next one, `.close`. The elements are counted first and written through a
/// pointer straight into the ink's storage (`InkArray.append(count:initializingWith:)`):
/// appending them one by one costs a uniqueness and a capacity check each.
struct PerfectFreehandIncrementalPen {
  private var at: UnsafeMutablePointer<PathElement>
  private let origin: Point
  private var open = false

  /// Appends to `outline` the closed subpath through `from`, `forward`, `endCap`,
  /// `backward` reversed, `to`, `startCap` and `last` (each when present; pass an empty run
  /// for none).
  static func subpath<Forward: PerfectFreehandPointRun, Backward: PerfectFreehandPointRun>(
    origin: Point, into outline: inout InkArray<PathElement>, from head: Point? = nil,
    forward: Forward, endCap: PerfectFreehandIncrementalEndCap? = nil, backward: Backward,
    to end: Point? = nil, startCap: PerfectFreehandIncrementalStartCap? = nil,
    last: Point? = nil
  ) {
    let points =
      (head == nil ? 0 : 1) + forward.count + (endCap?.count ?? 0) + backward.count
      + (end == nil ? 0 : 1) + (startCap?.count ?? 0) + (last == nil ? 0 : 1)
    guard points > 0 else { return }
    outline.append(count: points + 1) { base in
      var pen = PerfectFreehandIncrementalPen(at: base, origin: origin)
      if let head { pen.put(head) }
      forward.forEachPoint(reversed: false) { pen.put($0) }
      endCap?.forEach { pen.put($0) }
      backward.forEachPoint(reversed: true) { pen.put($0) }
      if let end { pen.put(end) }
      startCap?.forEach { pen.put($0) }
      if let last { pen.put(last) }
      precondition(pen.at == base + points, "outline point count")
      pen.at.initialize(to: .close)
    }
  }

  /// Appends to `centerline` the straight segments joining `from` (when present) and the
  /// points of `centre` in order, moved by `origin` (`PerfectFreehandStroke.segment`); a lone
  /// point without `from` is a zero-length segment.
  static func segments(
    from a: WeightedPoint?, _ centre: PerfectFreehandIncrementalList<WeightedPoint>,
    origin: Point, into centerline: inout InkArray<CenterlineSegment>
  ) {
    segments(from: a, count: centre.count, { centre[$0] }, origin: origin, into: &centerline)
  }

  /// `segments(from:_:origin:into:)` over the `count` points `point(0)`, `point(1)`, …: the
  /// one place that states the rule, counted first and written in place.
  @inline(__always) static func segments(
    from a: WeightedPoint?, count n: Int, _ point: (Int) -> WeightedPoint, origin: Point,
    into centerline: inout InkArray<CenterlineSegment>
  ) {
    guard n > 0 else { return }
    let lone = a == nil && n == 1
    let count = a == nil ? max(1, n - 1) : n
    centerline.append(count: count) { base in
      var at = base
      var prev = a ?? point(0)
      var k = a == nil && !lone ? 1 : 0
      while k < n {
        let c = point(k)
        at.initialize(to: PerfectFreehandStroke.segment(prev, c, origin))
        at += 1
        prev = c
        k += 1
      }
    }
  }

  private init(at: UnsafeMutablePointer<PathElement>, origin: Point) {
    self.at = at
    self.origin = origin
  }

  @inline(__always) mutating func put(_ p: Point) {
    at.initialize(to: open ? .line(p + origin) : .move(p + origin))
    open = true
    at += 1
  }
}

/// The two side lists of the engine as one place for `PerfectFreehandWalk.step` to write.
struct PerfectFreehandIncrementalSides: PerfectFreehandSides {
  var left = PerfectFreehandIncrementalList<Point>()
  var right = PerfectFreehandIncrementalList<Point>()

  @inline(__always) mutating func appendLeft(_ p: Point) { left.append(p) }
  @inline(__always) mutating func appendRight(_ p: Point) { right.append(p) }

  /// Empties both sides (their storage kept).
  @inline(__always) mutating func removeAll() {
    left.removeAll()
    right.removeAll()
  }
}
