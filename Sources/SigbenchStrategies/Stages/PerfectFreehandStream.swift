import SigbenchCore

/// perfect-freehand 1.2.2's `getStroke` computed one sample at a time: each centre point and
/// each outline point is computed once, when it can no longer change, and only what can still
/// change is recomputed per push (the tail). Positions are stroke-local CSS px.
///
/// Per push the engine exposes what became final (`newLeft`, `newRight`, `newStartCap`,
/// `newCentre`) and the whole current tail (`tail`: the outline points and centre points after
/// the final ones, the end cap, and everything else while nothing is final). The final parts
/// in push order followed by the tail are the library's outline of the samples so far.
///
/// What depends on later samples, from the library's functions:
/// - `getStrokePoints`: the newest sample is the "last" one: it passes the minimum-length gate
///   whatever the running length (a later sample drops it while the gate is closed), and with
///   `last` it is used as is (a later sample streamlines it). One and two samples are expanded
///   to 2 and 5 points. Every other centre point is final when its sample arrives.
/// - The start pressure folds the first ten centre points (with simulated pressure and thinning
///   ≠ 0; otherwise it is never read).
/// - A centre point's outline points need the next point's vector (turn test, blend), and its
///   distance to the end: within 3 px it is skipped as end noise, within the end taper its
///   radius shrinks. The end only grows, so once a point is at least max(3 px, end taper) behind
///   the newest final centre point it stays so.
/// - The loop carries state (start pressure, previous vector, last kept points, corner flag)
///   from point to point, so a point is final only when every point before it is.
/// - The caps: the end cap follows the last point (always tentative); the start cap is final
///   with the first centre point's outline points.
///
/// Bounds: the tail holds the centre points within max(3 px, end taper) of the newest final
/// centre point, plus two (the one whose successor is not final yet, and the newest sample);
/// before the start pressure is known (fewer than ten centre points) or while the stroke is
/// shorter than that distance, it holds the whole stroke. The end cap is 29 points.
///
/// - Complexity: O(k) per push for k centre points in the tail (its outline is rebuilt), which
///   does not grow with the stroke; each centre point is made final once, O(1) amortised.
///   Storage is the tail's centre points and output buffers, reserved at the third sample and
///   reused: no heap allocation per push once they have grown (only a tail longer than any
///   before grows them). From the third sample on, arrays are read by index, not through
///   `for in`, `first` or `last`, whose generic element access allocates a coroutine frame per
///   element in a debug build.
public struct PerfectFreehandStream: Sendable {
  public let options: PerfectFreehandOptions
  /// Valid samples pushed.
  public private(set) var sampleCount = 0
  private var early0 = PerfectFreehandInput(point: .zero, pressure: nil)
  private var early1 = PerfectFreehandInput(point: .zero, pressure: nil)

  /// The first centre point (its vector is the second's once that is final).
  private var first = PerfectFreehandPoint(
    point: .zero, pressure: 0, vector: .zero, distance: 0, runningLength: 0)
  /// The newest final centre point.
  private var prev = PerfectFreehandPoint(
    point: .zero, pressure: 0, vector: .zero, distance: 0, runningLength: 0)
  /// The library's running length over the samples before the newest (dropped ones count).
  private var length = 0.0
  private var gateOpen = false
  /// The newest sample, when its centre point is not final yet.
  private var pending: PerfectFreehandInput?
  /// Final centre points.
  private var committed = 0
  /// Final centre points whose outline is not final, from `head`.
  private var buffer: [PerfectFreehandPoint] = []
  private var head = 0
  /// Index in the stroke of `buffer[head]`: centre points with final outline.
  private var done = 0
  /// The outline loop after the `done` points; `nil` until the start pressure is known.
  private var walk: PerfectFreehandWalk?

  /// The last final outline point of each side and the last final centre point.
  public private(set) var stableLeft: Point?
  public private(set) var stableRight: Point?
  public private(set) var stableCentre: WeightedPoint?
  private var stripLeft: Point?
  private var stripRight: Point?
  private var stripCentre: WeightedPoint?

  /// Outline points, start cap and centre points that became final in the latest push.
  public var newLeft: [Point] { fresh.left }
  public var newRight: [Point] { fresh.right }
  private var fresh = PerfectFreehandSidePoints()
  public private(set) var newStartCap: [Point] = []
  public private(set) var newCentre: [WeightedPoint] = []
  /// Everything after the final parts (see the type's comment).
  public private(set) var tail = PerfectFreehandOutline()

  public init(options: PerfectFreehandOptions) {
    self.options = options
  }

  /// Centre points in the tail (final ones whose outline is not, plus the newest sample's).
  public var tailCount: Int { buffer.count - head + (tentativeLast() == nil ? 0 : 1) }

  /// Takes one sample (stroke-local) and updates the final parts and the tail.
  public mutating func push(_ input: PerfectFreehandInput) {
    if !fresh.left.isEmpty { fresh.left.removeAll(keepingCapacity: true) }
    if !fresh.right.isEmpty { fresh.right.removeAll(keepingCapacity: true) }
    if !newStartCap.isEmpty { newStartCap.removeAll(keepingCapacity: true) }
    if !newCentre.isEmpty { newCentre.removeAll(keepingCapacity: true) }
    stripLeft = stableLeft
    stripRight = stableRight
    stripCentre = stableCentre
    sampleCount += 1
    switch sampleCount {
    case 1: early0 = input
    case 2: early1 = input
    default:
      if sampleCount == 3 {
        begin()
        pending = early1
      }
      commitPending()
      pending = input
      if gateOpen && !options.last { commitPending() }
      advance()
    }
    updateTail()
  }

  /// From the third sample on, the centre points are those of the samples themselves.
  /// Reserves the buffers once for a typical tail (a few centre points, a corner fan of 14
  /// points per side, the 29-point end cap), so they rarely grow later in the stroke.
  private mutating func begin() {
    first = PerfectFreehandPoint(
      point: early0.point, pressure: early0.pressure ?? 0.25, vector: .zero, distance: 0,
      runningLength: 0)
    prev = first
    committed = 1
    buffer.reserveCapacity(64)
    buffer.append(first)
    fresh.left.reserveCapacity(64)
    fresh.right.reserveCapacity(64)
    newStartCap.reserveCapacity(16)
    newCentre.reserveCapacity(16)
    tail.left.reserveCapacity(128)
    tail.right.reserveCapacity(128)
    tail.startCap.reserveCapacity(16)
    tail.endCap.reserveCapacity(32)
    tail.centre.reserveCapacity(32)
  }

  /// The pending sample, no longer the newest: streamlined, dropped if equal to the previous
  /// point or while the gate is closed, else a final centre point.
  private mutating func commitPending() {
    guard let q = pending else { return }
    pending = nil
    let point = prev.point.lerp(q.point, options.pull)
    if point == prev.point { return }
    let d = (point - prev.point).length
    length += d
    if !gateOpen {
      if length < options.size { return }
      gateOpen = true
    }
    prev = PerfectFreehandPoint(
      point: point, pressure: q.pressure ?? 0.5,
      vector: PerfectFreehandPoint.unit(from: point, back: prev.point), distance: d,
      runningLength: length)
    buffer.append(prev)
    committed += 1
    if committed == 2 {
      first.vector = prev.vector
      buffer[0].vector = prev.vector
    }
  }

  /// The newest sample's centre point, when there is one and it is not final.
  private func tentativeLast() -> PerfectFreehandPoint? {
    guard let q = pending else { return nil }
    let point = options.last ? q.point : prev.point.lerp(q.point, options.pull)
    if point == prev.point { return nil }
    let d = (point - prev.point).length
    return PerfectFreehandPoint(
      point: point, pressure: q.pressure ?? 0.5,
      vector: PerfectFreehandPoint.unit(from: point, back: prev.point), distance: d,
      runningLength: length + d)
  }

  /// Makes final the outline of every centre point whose successor is final and which is at
  /// least max(3 px, end taper) behind the newest final centre point.
  private mutating func advance() {
    guard committed >= 2 else { return }
    if walk == nil {
      let needsSeed = options.simulatePressure && options.thinning != 0
      if needsSeed && committed < 10 { return }
      var seed = first.pressure
      if needsSeed { for k in 0..<10 { seed = PerfectFreehandWalk.seed(seed, buffer[k], options) } }
      walk = PerfectFreehandWalk(first: first, seed: seed, size: options.size)
    }
    guard var w = walk else { return }
    while head + 1 < buffer.count {
      let p = buffer[head]
      let toEnd = length - p.runningLength
      if toEnd < 3 || toEnd < options.taperEnd { break }
      let r = w.step(done, p, next: buffer[head + 1], total: length, options, sides: &fresh)
      if done == 0, !fresh.left.isEmpty, !fresh.right.isEmpty {
        PerfectFreehandWalk.startCap(
          first: first.point, left0: fresh.left[0], right0: fresh.right[0], options,
          into: &newStartCap)
      }
      if let r { newCentre.append(WeightedPoint(p.point, width: 2 * r)) }
      head += 1
      done += 1
    }
    walk = w
    if head >= 32 && 2 * head >= buffer.count {
      buffer.removeSubrange(0..<head)
      head = 0
    }
    // Indexed, not `last`: the generic accessor allocates a coroutine frame in a debug build.
    if !fresh.left.isEmpty { stableLeft = fresh.left[fresh.left.count - 1] }
    if !fresh.right.isEmpty { stableRight = fresh.right[fresh.right.count - 1] }
    if !newCentre.isEmpty { stableCentre = newCentre[newCentre.count - 1] }
  }

  /// Rebuilds the tail: the outline loop from the final state over the remaining centre
  /// points with the current length, and the caps.
  private mutating func updateTail() {
    tail.removeAll()
    if sampleCount <= 2 {
      let input = sampleCount == 1 ? [early0] : [early0, early1]
      tail = PerfectFreehandStroke.outline(PerfectFreehandStroke.points(input, options), options)
      return
    }
    let newest = tentativeLast()
    let count = committed + (newest == nil ? 0 : 1)
    let total = newest?.runningLength ?? prev.runningLength
    var p0 = first
    if committed == 1 { p0.vector = newest?.vector ?? .zero }
    var w: PerfectFreehandWalk
    if let walk {
      w = walk
    } else {
      var seed = p0.pressure
      for k in 0..<min(10, committed) { seed = PerfectFreehandWalk.seed(seed, buffer[k], options) }
      if committed < 10, let newest { seed = PerfectFreehandWalk.seed(seed, newest, options) }
      w = PerfectFreehandWalk(first: p0, seed: seed, size: options.size)
    }
    var sides = PerfectFreehandSidePoints()
    swap(&sides.left, &tail.left)
    swap(&sides.right, &tail.right)
    var i = done
    for j in head..<buffer.count {
      let p = i == 0 ? p0 : buffer[j]
      let next = j + 1 < buffer.count ? buffer[j + 1] : newest
      if let r = w.step(i, p, next: next, total: total, options, sides: &sides) {
        tail.centre.append(WeightedPoint(p.point, width: 2 * r))
      }
      i += 1
    }
    if let newest,
      let r = w.step(i, newest, next: nil, total: total, options, sides: &sides)
    {
      tail.centre.append(WeightedPoint(newest.point, width: 2 * r))
    }
    swap(&sides.left, &tail.left)
    swap(&sides.right, &tail.right)
    let last = newest ?? (committed == 1 ? p0 : prev)
    let left0 = tail.left.isEmpty ? nil : tail.left[0]
    let right0 = tail.right.isEmpty ? nil : tail.right[0]
    w.caps(
      first: p0.point, last: last, count: count, total: total, left0: left0, right0: right0,
      withStartCap: stableLeft == nil, options, into: &tail)
  }

  /// Writes what became final in the latest push: centreline segments, the start cap (a closed
  /// subpath from the first right point around to the first left point) and the band of the
  /// new outline points (from the previous final points on each side), moved by `origin`.
  public func writeStable(origin: Point, into ink: inout InkGeometry) {
    let newLeft = fresh.left
    let newRight = fresh.right
    var a = stripCentre
    for k in 0..<newCentre.count {
      let c = newCentre[k]
      if let a { ink.append(PerfectFreehandStroke.segment(a, c, origin)) }
      a = c
    }
    if !newStartCap.isEmpty, !newLeft.isEmpty, !newRight.isEmpty {
      var cap = false
      PerfectFreehandStroke.add(newRight[0], origin, open: &cap, into: &ink)
      PerfectFreehandStroke.add(newStartCap, origin, open: &cap, into: &ink)
      PerfectFreehandStroke.add(newLeft[0], origin, open: &cap, into: &ink)
      ink.append(.close)
    }
    guard !newLeft.isEmpty || !newRight.isEmpty else { return }
    var open = false
    if let l = stripLeft { PerfectFreehandStroke.add(l, origin, open: &open, into: &ink) }
    PerfectFreehandStroke.add(newLeft, origin, open: &open, into: &ink)
    PerfectFreehandStroke.add(newRight, reversed: true, origin, open: &open, into: &ink)
    if let r = stripRight { PerfectFreehandStroke.add(r, origin, open: &open, into: &ink) }
    ink.append(.close)
  }

  /// Writes the tail after the final parts (`PerfectFreehandStroke.writeTail`).
  public func writeTail(origin: Point, into ink: inout InkGeometry) {
    PerfectFreehandStroke.writeTail(
      tail, stableLeft: stableLeft, stableRight: stableRight, stableCentre: stableCentre,
      origin: origin, into: &ink)
  }
}
