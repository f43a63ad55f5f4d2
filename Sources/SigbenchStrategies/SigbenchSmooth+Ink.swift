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
    // `CatmullRomSegment.startControl` and `endControl`, their widths' two divisions as one
    // (lane-wise division rounds each lane as the scalar one would).
    let dw = b.width - a.width
    let wt = SIMD2(dw, dw * 2) / SIMD2(3, 3)
    let h1 = WeightedPoint(
      CatmullRomSegment.startHandle(before, a.point, b.point, knots: (d1, d2)),
      width: a.width + wt.x)
    let h2 = WeightedPoint(
      CatmullRomSegment.endHandle(a.point, b.point, after, knots: (d2, d3)),
      width: a.width + wt.y)
    writeCubicPiece(a, h1, h2, b, startCap: j == 0, into: &ink)
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
    return l > 0 ? d * (1 / l) : Point(x: 0, y: 0)
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
    let slope = s == .pressure ? 0 : lastChordSlope()
    let end = WeightedPoint(b, width: width(last, slope: slope, source: s))
    let l = lastChordLength
    // The four divisions in two (lane-wise division rounds each lane as the scalar one would):
    // the reach (distance / 3) with the last chord's 1 / l, then the handles' width steps.
    let q = SIMD2(a.point.distance(to: b), 1) / SIMD2(3, l)
    let reach = q.x
    let arrive = l > 0 ? lastChord * q.y : Point(x: 0, y: 0)
    let dw = end.width - a.width
    let wt = SIMD2(dw, dw * 2) / SIMD2(3, 3)
    writeCubicPiece(
      a, WeightedPoint(a.point + leave * reach, width: a.width + wt.x),
      WeightedPoint(b - arrive * reach, width: a.width + wt.y), end, startCap: false,
      into: &ink)
  }

  /// `settings.outline.writeCubic(a, c1, c2, b, startCap:origin: origin, into:)`: for the
  /// `round` style the same elements appended in the same order (`OutlineStyle.writeCubic`,
  /// then `RoundOutline.write`'s cubic case), built from the points directly rather than
  /// through a `CurveShape` value and its switch; the `rungs` style is the call itself.
  @inline(__always) mutating func writeCubicPiece(
    _ a: WeightedPoint, _ c1: WeightedPoint, _ c2: WeightedPoint, _ b: WeightedPoint,
    startCap: Bool, into ink: inout InkGeometry
  ) {
    guard case .round = settings.outline else {
      settings.outline.writeCubic(a, c1, c2, b, startCap: startCap, origin: origin, into: &ink)
      return
    }
    let s = CenterlineSegment(
      start: a.point, control1: c1.point, control2: c2.point, end: b.point,
      startWidth: a.width, endWidth: b.width)
    ink.append(s.translated(by: origin))
    if startCap { ink.append(Disc(center: a.point + origin, radius: a.width / 2)) }
    if s.start == s.control1, s.start == s.control2, s.start == s.end {
      // A curve of zero extent: only a larger cap adds ink (`RoundOutline`).
      if b.width > a.width { ink.append(Disc(center: b.point + origin, radius: b.width / 2)) }
      return
    }
    ink.append(RoundBand(segment: s, origin: origin, isStraight: false))
    ink.append(Disc(center: b.point + origin, radius: b.width / 2))
  }
}
