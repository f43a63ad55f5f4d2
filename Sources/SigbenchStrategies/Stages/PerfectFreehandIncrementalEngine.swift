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
///   `last` it is used as is (a later sample streamlines it). With `lastAtFinish` it is used as
///   is at `finish` only, so it stays tentative until the next sample, as with `last`. One and
///   two samples are expanded to 2 and 5 points. Every other centre point is final when its
///   sample arrives.
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
/// Constant work per push is kept small:
/// - every per-push list (the outline points and centre points that became final, the tail's
///   sides and centre points) is a `PerfectFreehandIncrementalList`: emptied by resetting its
///   count, its storage kept and overwritten, never cleared;
/// - the caps are kept as their parameters (`PerfectFreehandIncrementalEndCap`,
///   `PerfectFreehandIncrementalStartCap`) and their points are made as they are written;
/// - each closed piece of outline, and the tail's centreline, is counted first and written
///   through a pointer straight into the ink's storage, not element by element;
/// - the write functions are `mutating`, so writing does not copy the engine.
///
/// The one- and two-sample strokes (which the library expands) and the dot are built as a
/// whole `PerfectFreehandOutline`.
///
/// - Complexity: O(k) per push for k centre points in the tail (its outline is rebuilt), which
///   does not grow with the stroke; each centre point is made final once, O(1) amortised. No
///   heap allocation per push once the lists have grown (only a tail longer than any before
///   grows them).
public struct PerfectFreehandIncrementalEngine: Sendable {
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

  /// What became final in the latest push.
  private var fresh = PerfectFreehandIncrementalSides()
  private var freshStartCap: PerfectFreehandIncrementalStartCap?
  private var freshCentre = PerfectFreehandIncrementalList<WeightedPoint>()

  /// The tail: outline points and centre points after the final ones, the start cap while
  /// nothing is final, and the end cap's parameters.
  private var tailSides = PerfectFreehandIncrementalSides()
  private var tailStartCap: PerfectFreehandIncrementalStartCap?
  private var tailCentre = PerfectFreehandIncrementalList<WeightedPoint>()
  /// The end cap, when the tail has one (its points are made as they are written).
  private var endCap: PerfectFreehandIncrementalEndCap?
  /// Set by `finish`: the newest sample is used as is (the library's `last: true`).
  private var finished = false
  /// The whole tail, used instead of the parts above when `wholeTail` is set: one or two
  /// samples, or a dot.
  private var whole = PerfectFreehandOutline()
  private var wholeTail = false

  public init(options: PerfectFreehandOptions) {
    self.options = options
  }

  /// Centre points in the tail (final ones whose outline is not, plus the newest sample's).
  public var tailCount: Int { buffer.count - head + (tentativeLast() == nil ? 0 : 1) }

  /// Outline points, start cap points and centre points that became final in the latest push.
  public var newLeft: [Point] { fresh.left.elements }
  public var newRight: [Point] { fresh.right.elements }
  public var newStartCap: [Point] {
    var points: [Point] = []
    freshStartCap?.forEach { points.append($0) }
    return points
  }
  public var newCentre: [WeightedPoint] { freshCentre.elements }

  /// The tail as an outline (built on each call: for tests and whole-stroke use).
  public var tail: PerfectFreehandOutline {
    if wholeTail { return whole }
    var out = PerfectFreehandOutline()
    out.left = tailSides.left.elements
    out.right = tailSides.right.elements
    tailStartCap?.forEach { out.startCap.append($0) }
    out.centre = tailCentre.elements
    endCap?.forEach { out.endCap.append($0) }
    return out
  }

  /// Takes one sample (stroke-local) and updates the final parts and the tail.
  public mutating func push(_ input: PerfectFreehandInput) {
    fresh.removeAll()
    freshStartCap = nil
    freshCentre.removeAll()
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
      // The newest point is final at once only when no call, the finish included, uses it as
      // is; otherwise it stays tentative until the next sample streamlines it.
      if gateOpen && !options.atFinish.last { commitPending() }
      advance()
    }
    updateTail()
  }

  /// Ends the stroke: with `lastAtFinish`, the tail is rebuilt with the newest sample used as
  /// is (the library's `getStroke` with `last: true`). Only the tail changes; nothing already
  /// final depends on the newest sample. Call once, after the last `push`.
  public mutating func finish() {
    guard options.lastAtFinish && !options.last && !finished && sampleCount > 0 else {
      return
    }
    finished = true
    fresh.removeAll()
    freshStartCap = nil
    freshCentre.removeAll()
    updateTail()
  }

  /// From the third sample on, the centre points are those of the samples themselves.
  /// Reserves storage once for a typical tail.
  private mutating func begin() {
    first = PerfectFreehandPoint(
      point: early0.point, pressure: early0.pressure ?? 0.25, vector: .zero, distance: 0,
      runningLength: 0)
    prev = first
    committed = 1
    buffer.reserveCapacity(64)
    buffer.append(first)
    fresh.left.reserve(64)
    fresh.right.reserve(64)
    freshCentre.reserve(16)
    tailSides.left.reserve(128)
    tailSides.right.reserve(128)
    tailCentre.reserve(32)
  }

  /// The pending sample, no longer the newest: streamlined, dropped if equal to the previous
  /// point or while the gate is closed, else a final centre point.
  private mutating func commitPending() {
    guard let q = pending else { return }
    pending = nil
    let point = prev.point.lerp(q.point, options.pull)
    if point == prev.point { return }
    let d = PerfectFreehandPoint.len(point - prev.point)
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
    let point = options.last || finished ? q.point : prev.point.lerp(q.point, options.pull)
    if point == prev.point { return nil }
    let d = PerfectFreehandPoint.len(point - prev.point)
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
      let r = w.step(
        done, p, nextVector: buffer[head + 1].vector, total: length, options, sides: &fresh)
      if done == 0, fresh.left.count > 0, fresh.right.count > 0 {
        freshStartCap = PerfectFreehandIncrementalStartCap(
          first: first.point, left0: fresh.left[0], right0: fresh.right[0], options)
      }
      if let r { freshCentre.append(WeightedPoint(p.point, width: 2 * r)) }
      head += 1
      done += 1
    }
    walk = w
    if head >= 32 && 2 * head >= buffer.count {
      buffer.removeSubrange(0..<head)
      head = 0
    }
    if fresh.left.count > 0 { stableLeft = fresh.left[fresh.left.count - 1] }
    if fresh.right.count > 0 { stableRight = fresh.right[fresh.right.count - 1] }
    if freshCentre.count > 0 { stableCentre = freshCentre[freshCentre.count - 1] }
  }

  /// Rebuilds the tail: the outline loop from the final state over the remaining centre
  /// points with the current length, and the caps.
  private mutating func updateTail() {
    tailSides.removeAll()
    tailStartCap = nil
    tailCentre.removeAll()
    endCap = nil
    wholeTail = false
    if sampleCount <= 2 {
      let input = sampleCount == 1 ? [early0] : [early0, early1]
      let o = finished ? options.atFinish : options
      whole = PerfectFreehandStroke.outline(PerfectFreehandStroke.points(input, o), o)
      wholeTail = true
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
    var i = done
    let n = buffer.count
    for j in head..<n {
      let p = i == 0 ? p0 : buffer[j]
      let next = j + 1 < n ? buffer[j + 1].vector : newest?.vector
      if let r = w.step(i, p, nextVector: next, total: total, options, sides: &tailSides) {
        tailCentre.append(WeightedPoint(p.point, width: 2 * r))
      }
      i += 1
    }
    if let newest,
      let r = w.step(i, newest, nextVector: nil, total: total, options, sides: &tailSides)
    {
      tailCentre.append(WeightedPoint(newest.point, width: 2 * r))
    }
    let last = newest ?? (committed == 1 ? p0 : prev)
    if count == 1 || (options.taperStart > 0 && total < 3) {
      // The dot, as `PerfectFreehandWalk.caps` builds it.
      whole.removeAll()
      w.caps(
        first: p0.point, last: last, count: count, total: total, left0: nil, right0: nil,
        withStartCap: false, options, into: &whole)
      wholeTail = true
      return
    }
    if stableLeft == nil, tailSides.left.count > 0, tailSides.right.count > 0 {
      tailStartCap = PerfectFreehandIncrementalStartCap(
        first: p0.point, left0: tailSides.left[0], right0: tailSides.right[0], options)
    }
    endCap = PerfectFreehandIncrementalEndCap(
      centre: last.point, direction: PerfectFreehandWalk.perpendicular(-last.vector),
      radius: w.radius, options)
  }

  /// Writes what became final in the latest push: centreline segments, the start cap (a closed
  /// subpath from the first right point around to the first left point) and the band of the
  /// new outline points (from the previous final points on each side), moved by `origin`.
  public mutating func writeStable(origin: Point, into ink: inout InkGeometry) {
    var a = stripCentre
    for k in 0..<freshCentre.count {
      let c = freshCentre[k]
      if let a { ink.append(PerfectFreehandStroke.segment(a, c, origin)) }
      a = c
    }
    let nl = fresh.left.count
    let nr = fresh.right.count
    guard nl > 0 || nr > 0 else { return }
    if let cap = freshStartCap, nl > 0, nr > 0 {
      PerfectFreehandIncrementalPen.subpath(
        origin: origin, into: &ink.outline, from: fresh.right[0], forward: [Point](),
        backward: [Point](), startCap: cap, last: fresh.left[0])
    }
    PerfectFreehandIncrementalPen.subpath(
      origin: origin, into: &ink.outline, from: stripLeft, forward: fresh.left,
      backward: fresh.right, to: stripRight)
  }

  /// Writes the tail after the final parts (as `PerfectFreehandStroke.writeTail` writes the
  /// outline `tail`).
  public mutating func writeTail(origin: Point, into ink: inout InkGeometry) {
    if wholeTail {
      PerfectFreehandStroke.writeTail(
        whole, stableLeft: stableLeft, stableRight: stableRight, stableCentre: stableCentre,
        origin: origin, into: &ink)
      return
    }
    PerfectFreehandIncrementalPen.segments(
      from: stableCentre, tailCentre, origin: origin, into: &ink.centerline)
    guard let endCap else { return }
    PerfectFreehandIncrementalPen.subpath(
      origin: origin, into: &ink.outline, from: stableLeft, forward: tailSides.left,
      endCap: endCap, backward: tailSides.right, to: stableRight, startCap: tailStartCap)
  }
}
