import SigbenchCore

/// How far a strategy's provisional tail moves when it is replaced: for every update (every
/// call of a stroke after its first, finish included), the largest distance from the
/// previous call's tentative centreline to the current picture near the tail, px.
///
/// - The previous tentative tail is sampled along each of its segments at parameter steps
///   small enough that neighbouring points are at most `QualityConstants.churnSpacing`
///   (0.5) px apart (k + 1 points with k = ⌈3 · longest control leg / 0.5⌉, since
///   |B′| ≤ 3 · longest leg), plus its disc centres. The largest distance needs only dense
///   points, not equal spacing.
/// - The current picture near the tail is this call's stable geometry, the last segment that
///   was stable before it, and this call's tentative tail: their segments (each flattened on
///   its own within `QualityConstants.flatteningTolerance`) and disc centres.
/// - An update whose previous call left no tentative tail revises nothing: churn 0. An update
///   that leaves nothing to compare with (no stable or tentative geometry at all) is not
///   counted.
///
/// A strategy that never shows a tentative tail has churn 0; one whose tail is always drawn
/// where the final ink will be has churn near 0.
struct TentativeChurn: Sendable {
  /// Measurement points of the previous call's tentative tail: the first `previousCount`
  /// (the storage is kept between calls and only grows).
  private var previous: [Point] = []
  private var previousCount = 0
  /// The last stable segment from earlier calls.
  private var lastStable: CenterlineSegment?
  private var calls = 0
  /// Edges of the current picture: the first `edgeCount` (storage kept between calls).
  private var edges: [Edge] = []
  private var edgeCount = 0
  /// Every edge's squared length is finite (a disc's is 0; a chord's is checked when added).
  private var lengthsFinite = true
  /// The chords of `lastStable` as `addChords` made them when it was added (the first
  /// `lastStableChordCount`; valid when `lastStableChordsKnown`), and whether their squared
  /// lengths are finite: the next call copies them instead of evaluating the segment again.
  private var lastStableChords: [Edge] = []
  private var lastStableChordCount = 0
  private var lastStableChordsKnown = false
  private var lastStableChordsFinite = true
  /// One value per counted update, px.
  private(set) var values: [Double] = []
  /// The largest-distance search's buffers (reused between calls).
  private var scratch = Scratch()
  /// The edges `largestDistance` made of this call's tentative discs (point edges of their
  /// finite centres, in order), when it ran: `record` takes the tail's disc centres from them.
  private var tentativeDiscs: Range<Int>?

  /// Point–edge pairs an update may compare (plus 4 per edge, about the cost of a grid) before
  /// it uses a `SegmentGrid` for the points still unsettled.
  private static let bruteForceLimit = 4096

  /// Starts a new stroke: forgets the calls and values so far, keeps the buffers (one churn
  /// serves every stroke of a drawing without growing them again).
  mutating func startStroke() {
    previousCount = 0
    lastStable = nil
    lastStableChordsKnown = false
    calls = 0
    values = []
  }

  /// Records one call's output.
  ///
  /// - Complexity: O(t + c) expected for t points on the previous tail and c chords of the
  ///   current picture near it (at most 4096 + 4c point–chord pairs compared, then a grid).
  mutating func record(_ output: StrokeOutput) {
    tentativeDiscs = nil
    if calls > 0, previousCount > 0 {
      if let worst = largestDistance(to: output) { values.append(worst) }
    } else {
      if calls > 0 { values.append(0) }
      // The new last stable segment's chords were not made.
      if !output.stable.centerline.isEmpty { lastStableChordsKnown = false }
    }
    calls += 1
    lastStable = output.stable.centerline.last ?? lastStable
    previousCount = 0
    for s in output.tentative.centerline { sample(s) }
    var n = previousCount
    if let discs = tentativeDiscs {
      // The same centres, as `largestDistance` just wrote them out (stamp runs evaluated once).
      TentativeChurn.grow(&previous, to: n + discs.count, with: .zero)
      previous.withUnsafeMutableBufferPointer { buffer in
        edges.withUnsafeBufferPointer { e in
          for i in discs {
            buffer[n] = Point(x: e[i].sx, y: e[i].sy)
            n += 1
          }
        }
      }
      previousCount = n
      return
    }
    TentativeChurn.grow(&previous, to: n + output.tentative.filledDiscCount, with: .zero)
    previous.withUnsafeMutableBufferPointer { buffer in
      output.tentative.forEachFilledDisc { d in
        guard d.center.isFinite else { return }
        buffer[n] = d.center
        n += 1
      }
    }
    previousCount = n
  }

  /// The largest distance from `previous` to the current picture; `nil` when it is empty.
  private mutating func largestDistance(to output: StrokeOutput) -> Double? {
    edgeCount = 0
    lengthsFinite = true
    var newest = 0..<0
    var newestFinite = true
    for s in output.stable.centerline {
      let from = edgeCount
      newestFinite = addChords(s)
      newest = from..<edgeCount
    }
    for s in output.tentative.centerline { addChords(s) }
    // Where the previous tail's end walks from: the last chord of this call's centreline
    // (stable, then tentative), which ends where the picture ends, near that point.
    let start = max(0, edgeCount - 1)
    if let s = lastStable {
      if lastStableChordsKnown {
        appendLastStableChords()
      } else {
        let from = edgeCount
        let finite = addChords(s)
        keepLastStableChords(from..<edgeCount, finite: finite)
      }
    }
    // The last stable segment of this call is the next call's `lastStable`.
    if !output.stable.centerline.isEmpty { keepLastStableChords(newest, finite: newestFinite) }
    addDiscs(output.stable)
    let discs = edgeCount
    addDiscs(output.tentative)
    tentativeDiscs = discs..<edgeCount
    guard edgeCount > 0 else { return nil }
    let t = previousCount
    let m = edgeCount
    var search = Scratch()
    swap(&search, &scratch)
    defer { swap(&search, &scratch) }
    return previous.withUnsafeBufferPointer { p in
      edges.withUnsafeBufferPointer { e in
        TentativeChurn.largestDistance(
          from: UnsafeBufferPointer(rebasing: p[0..<t]),
          edges: UnsafeBufferPointer(rebasing: e[0..<m]),
          pairBudget: TentativeChurn.bruteForceLimit + 4 * m, scratch: &search,
          lengthsFinite: lengthsFinite, start: start)
      }
    }
  }

  /// Keeps `edges[range]`, the chords of the segment that is or will be `lastStable`, and
  /// whether their squared lengths are finite (`addChords` knows it), in one block copy.
  private mutating func keepLastStableChords(_ range: Range<Int>, finite: Bool) {
    let n = range.count
    TentativeChurn.grow(&lastStableChords, to: n, with: Edge(.zero, .zero))
    lastStableChords.withUnsafeMutableBufferPointer { kept in
      edges.withUnsafeBufferPointer { all in
        guard n > 0 else { return }
        kept.baseAddress!.update(from: all.baseAddress! + range.lowerBound, count: n)
      }
    }
    lastStableChordCount = n
    lastStableChordsFinite = finite
    lastStableChordsKnown = true
  }

  /// Appends the kept chords of `lastStable` as edges (one block copy).
  private mutating func appendLastStableChords() {
    let c = edgeCount
    let n = lastStableChordCount
    TentativeChurn.grow(&edges, to: c + n, with: Edge(.zero, .zero))
    edges.withUnsafeMutableBufferPointer { all in
      lastStableChords.withUnsafeBufferPointer { kept in
        guard n > 0 else { return }
        (all.baseAddress! + c).update(from: kept.baseAddress!, count: n)
      }
    }
    edgeCount = c + n
    lengthsFinite = lengthsFinite && lastStableChordsFinite
  }

  /// Grows `array` (never shrinks it) to at least `count` elements, doubling; `filler` is
  /// made only when it grows (most calls do not).
  private static func grow<T>(_ array: inout [T], to count: Int, with filler: @autoclosure () -> T)
  {
    guard array.count < count else { return }
    array += repeatElement(filler(), count: max(count, 2 * array.count) - array.count)
  }

  /// Appends the chords of `s` (flattened within the tolerance) as edges; the chord ends are
  /// `s.point(at: i / n)`, evaluated by the same function. (Writing them two at a time first,
  /// as `sample` does, cost more than it saved: about 9 chords a segment.) Returns whether
  /// their squared lengths are finite.
  @discardableResult private mutating func addChords(_ s: CenterlineSegment) -> Bool {
    let n = MeasuredPath.chordCount(s)
    var a = s.start
    if !a.isFinite { return true }
    var c = edgeCount
    var finite = true
    TentativeChurn.grow(&edges, to: c + n, with: Edge(.zero, .zero))
    edges.withUnsafeMutableBufferPointer { buffer in
      for i in 1...n {
        let b = CenterlineSegment.point(
          s.start, s.control1, s.control2, s.end, at: Double(i) / Double(n))
        guard b.isFinite else { return }
        let e = Edge(a, b)
        finite = finite && e.len2.isFinite
        buffer[c] = e
        c += 1
        a = b
      }
    }
    edgeCount = c
    lengthsFinite = lengthsFinite && finite
    return finite
  }

  /// Appends the finite disc centres of `ink` as point edges.
  private mutating func addDiscs(_ ink: InkGeometry) {
    var c = edgeCount
    TentativeChurn.grow(&edges, to: c + ink.filledDiscCount, with: Edge(.zero, .zero))
    edges.withUnsafeMutableBufferPointer { buffer in
      ink.forEachFilledDisc { d in
        guard d.center.isFinite else { return }
        buffer[c] = Edge(point: d.center)
        c += 1
      }
    }
    edgeCount = c
  }

  /// Appends points of `s` at most 0.5 px apart, ends included: `s.point(at: i / k)`,
  /// evaluated by the same function (`CubicSamples`, two at a time, when no point can
  /// overflow).
  private mutating func sample(_ s: CenterlineSegment) {
    let leg = max(
      s.start.distance(to: s.control1), s.control1.distance(to: s.control2),
      s.control2.distance(to: s.end))
    guard leg.isFinite else { return }
    let k = min(
      QualityConstants.maximumChordsPerSegment,
      max(1, Int((3 * leg / QualityConstants.churnSpacing).rounded(.up))))
    var n = previousCount
    TentativeChurn.grow(&previous, to: n + k + 1, with: .zero)
    previous.withUnsafeMutableBufferPointer { buffer in
      if CubicSamples.write(s, steps: k, to: buffer.baseAddress! + n) {
        n += k + 1
        return
      }
      for i in 0...k {
        let p = CenterlineSegment.point(
          s.start, s.control1, s.control2, s.end, at: Double(i) / Double(k))
        guard p.isFinite else { continue }
        buffer[n] = p
        n += 1
      }
    }
    previousCount = n
  }
}
