import SigbenchCore

extension SigbenchSmooth {
  /// The knots of a stroke: a ring of the newest 16 (knot k at k & 15; at most window + 4 are
  /// ever read back, and the tentative tail appends at most 8 and takes them back), each a
  /// smoothed point with its width and whether the curve stays sharp there (a corner, or the
  /// stroke's last sample, which has a phantom beyond it), and the chord to the next knot: its
  /// length (px) and its centripetal knot interval (√length, px^½), computed once when the next
  /// knot is appended although up to three segments read it.
  ///
  /// - Complexity: O(1) per operation, fixed state, no allocation.
  struct Knots: Sendable {
    private var x = InlineArray<16, Double>(repeating: 0)
    private var y = InlineArray<16, Double>(repeating: 0)
    private var w = InlineArray<16, Double>(repeating: 0)
    private var corners = InlineArray<16, Bool>(repeating: false)
    private var chords = InlineArray<16, Double>(repeating: 0)
    private var steps = InlineArray<16, Double>(repeating: 0)
    private(set) var count = 0

    subscript(k: Int) -> WeightedPoint {
      @inline(__always) get {
        WeightedPoint(Point(x: x[k & 15], y: y[k & 15]), width: w[k & 15])
      }
    }

    /// Position of the newest knot (valid when `count` > 0).
    var newest: Point {
      @inline(__always) get { Point(x: x[(count - 1) & 15], y: y[(count - 1) & 15]) }
    }

    @inline(__always) func isCorner(_ k: Int) -> Bool { corners[k & 15] }

    /// Length of the chord knot k → k + 1 (px): `knot(k).distance(to: knot(k + 1))`.
    @inline(__always) func chordLength(_ k: Int) -> Double { chords[k & 15] }

    /// The chord's centripetal knot interval: `CatmullRomSegment.knotStep(knot(k + 1) −
    /// knot(k), 0.5)`.
    @inline(__always) func knotStep(_ k: Int) -> Double { steps[k & 15] }

    /// Makes `q` a knot when it is the first, a corner, or at least `spacing` px from the
    /// newest knot (see the strategy's comment, step 4).
    @inline(__always) mutating func offer(_ q: WeightedPoint, corner: Bool, spacing: Double) {
      if count == 0 {
        append(q, corner: corner, chord: 0)
        return
      }
      let d = q.point.distance(to: newest)
      if corner || d >= spacing { append(q, corner: corner, chord: d) }
    }

    /// Appends a knot; `corner` keeps the curve sharp there.
    @inline(__always) mutating func append(_ q: WeightedPoint, corner: Bool) {
      append(q, corner: corner, chord: count == 0 ? 0 : q.point.distance(to: newest))
    }

    /// Appends a knot `chord` px from the newest one (`q.point.distance(to: newest)`).
    @inline(__always) private mutating func append(
      _ q: WeightedPoint, corner: Bool, chord: Double
    ) {
      if count > 0 {
        let previous = (count - 1) & 15
        chords[previous] = chord
        // `CatmullRomSegment.knotStep(_:_:)` at α = 0.5: the chord's length, square-rooted.
        steps[previous] = chord.squareRoot()
      }
      let slot = count & 15
      x[slot] = q.point.x
      y[slot] = q.point.y
      w[slot] = q.width
      corners[slot] = corner
      count += 1
    }

    /// Takes back the knots appended after the first `n` (a tentative tail's).
    @inline(__always) mutating func removeLast(to n: Int) { count = n }
  }
}
