import SigbenchCore

// MARK: Stages: curve and tail

extension SigbenchSmooth {
  /// Appends to `knots` the knots the rest of the stroke gives if it ends at the newest
  /// sample: the smoothed points not yet final, with the windows cut at the end, and the newest
  /// sample itself (always a knot: the ink ends at pen-up). The tentative tail takes them back
  /// (`Knots.removeLast(to:)`); the finish keeps them.
  ///
  /// - Complexity: O(window²): window + 1 fits (before the width rule is decided, the points
  ///   that no later sample changes are the previous pushes', `settled`).
  mutating func close(source s: WidthSource) {
    let last = count - 1
    guard finalPoints <= last else { return }
    for i in finalPoints..<last {
      let q = settled(i, last: last, source: s)
      knots.offer(q, corner: corner[i & 15], spacing: settings.knotSpacing)
    }
    let end = smoothed(last, last: last, source: s)
    knots.append(end, corner: true)
  }

  /// Segment `j` of `knots` (knot j → j + 1): centripetal Catmull-Rom, with a reflected phantom
  /// beyond the first knot and beyond every corner (the stroke's end counts as one). Returns
  /// the point its end tangent comes from (its second handle).
  ///
  /// The knot intervals of chords between knots are the ones `Knots` kept when it appended
  /// them (the same operations on the same points); only a phantom's chord is computed here.
  /// The piece is what `CatmullRomSegment.shape(_:_:_:_:alpha:)` with α = 0.5 gives.
  ///
  /// - Complexity: O(1).
  @discardableResult
  @inline(__always) mutating func writeSegment(_ j: Int, into ink: inout InkGeometry) -> Point {
    let a = knots[j]
    let b = knots[j + 1]
    if knots.chordLength(j) < 1e-9 {
      settings.outline.write(.line(a, b), startCap: j == 0, origin: origin, into: &ink)
      return a.point
    }
    let d2 = knots.knotStep(j)
    let before: Point
    let d1: Double
    if j == 0 || knots.isCorner(j) {
      before = CatmullRomSegment.phantom(beyond: a.point, from: b.point)
      d1 = CatmullRomSegment.knotStep(a.point - before, 0.5)
    } else {
      before = knots[j - 1].point
      d1 = knots.knotStep(j - 1)
    }
    let after: Point
    let d3: Double
    if knots.isCorner(j + 1) {
      after = CatmullRomSegment.phantom(beyond: b.point, from: a.point)
      d3 = CatmullRomSegment.knotStep(after - b.point, 0.5)
    } else {
      after = knots[j + 2].point
      d3 = knots.knotStep(j + 1)
    }
    let h1 = CatmullRomSegment.startControl(before, a, b, knots: (d1, d2))
    let h2 = CatmullRomSegment.endControl(a, b, after, knots: (d2, d3))
    settings.outline.writeCubic(a, h1, h2, b, startCap: j == 0, origin: origin, into: &ink)
    return h2.point
  }

  /// The tentative tail: what `finish` would add if the pen lifted now (`tail=exact`, and
  /// before the first stable segment), or one cubic (`writeCubicTail`).
  ///
  /// - Complexity: O(1) for the cubic; O(window²) for the exact tail (`close`, then at most
  ///   window + 3 segments), the knot ring appended to and taken back rather than copied.
  mutating func writeTail(into ink: inout InkGeometry) {
    guard count > 0 else { return }
    let s = provisionalSource
    if count == 1 {
      let p = WeightedPoint(Point(x: px[0], y: py[0]), width: width(0, slope: 0, source: s))
      settings.outline.write(.dot(p), startCap: true, origin: origin, into: &ink)
      return
    }
    if !settings.exactTail, emitted > 0 {
      writeCubicTail(source: s, into: &ink)
      return
    }
    let decided = knots.count
    close(source: s)
    for j in emitted..<(knots.count - 1) { writeSegment(j, into: &ink) }
    knots.removeLast(to: decided)
  }

  /// `d` scaled to length 1, or zero.
  @inline(__always) static func direction(_ d: Point) -> Point {
    let l = d.length
    return l > 0 ? d * (1 / l) : .zero
  }

  /// The `cubic` tail: one cubic from the end of the stable ink, leaving along its tangent
  /// (`leave`), to the newest sample, arriving along the last chord; handles a third of the
  /// distance.
  @inline(__always) mutating func writeCubicTail(
    source s: WidthSource, into ink: inout InkGeometry
  ) {
    let last = count - 1
    let a = knots[emitted]
    let b = Point(x: px[last & 15], y: py[last & 15])
    let end = WeightedPoint(b, width: width(last, slope: lastChordSlope(), source: s))
    let reach = a.point.distance(to: b) / 3
    let l = lastChordLength
    let arrive = l > 0 ? lastChord * (1 / l) : .zero
    let dw = end.width - a.width
    settings.outline.writeCubic(
      a, WeightedPoint(a.point + leave * reach, width: a.width + dw / 3),
      WeightedPoint(b - arrive * reach, width: a.width + dw * 2 / 3), end,
      startCap: false, origin: origin, into: &ink)
  }
}
