import Foundation
import SigbenchCore

// MARK: Stages: corners, noise and width
//
// The helpers that only read are still `mutating`: called from `push`, a non-mutating method
// would receive a copy of the strategy's 1.5 KB of ring state on every call.

extension SigbenchSmooth {
  /// The width rule for the rest of the stroke.
  func decidedSource() -> WidthSource {
    if evidence.isCredible { return .pressure }
    return timed ? .speed : .step
  }

  /// The width rule for provisional points: the decided one, or pressure as soon as it is
  /// credible.
  var provisionalSource: WidthSource {
    source == .undecided ? (evidence.isCredible ? WidthSource.pressure : .undecided) : source
  }

  /// Flags sample `count − 2` (which has both neighbours) as a corner or not, from the two
  /// chords kept with the newest sample (`previousChord`, `lastChord`).
  ///
  /// - Complexity: O(1); `atan2` only when the turn lies within about 1e-9 of `corner-angle`.
  @inline(__always) mutating func markCorner() {
    let arm = settings.cornerArm
    guard previousChordLength >= arm, lastChordLength >= arm else { return }
    corner[(count - 2) & 15] = isCorner(
      previousChord, lastChord, lengths: previousChordLength * lastChordLength)
  }

  /// Whether the turn from chord `a` to chord `b` (`lengths`: |a|·|b|, px²) is at least
  /// `corner-angle`: exactly `abs(atan2(a × b, a · b)) >= cornerAngle`, the rule's definition.
  ///
  /// The cosine (a · b)/(|a|·|b|) is within about 10 ulp of the cosine of the angle `atan2`
  /// measures for the same rounded cross and dot products, and `atan2` is within an ulp of
  /// that angle; a cosine more than 1e-9 from `cos(cornerAngle)` therefore puts the angle
  /// more than 1e-9 rad from `cornerAngle`, on the side the cosine says, and decides the rule
  /// with a division. Only turns within that margin (and lengths outside 1e-150…1e150 px²,
  /// where the products could lose precision) pay for `atan2`.
  @inline(__always) func isCorner(_ a: Point, _ b: Point, lengths: Double) -> Bool {
    let cross = a.cross(b)
    let dot = a.dot(b)
    if lengths >= 1e-150, lengths <= 1e150 {
      let cosine = dot / lengths
      if cosine < cornerCosine - 1e-9 { return true }
      if cosine > cornerCosine + 1e-9 { return false }
    }
    return abs(atan2(cross, dot)) >= settings.cornerAngle
  }

  /// Smoothed point `i` and its width, as it is with the stroke ending at sample `last`
  /// (`Int.max` while it goes on): the quadratic fit at sample `i` (see the type's comment).
  ///
  /// - Complexity: O(window): one fit of at most 2·window + 1 points.
  @inline(__always) mutating func smoothed(_ i: Int, last: Int, source: WidthSource)
    -> WeightedPoint
  {
    // The pressure width reads no slope: its square root or division is skipped.
    let (q, slope) = fitted(i, last: last, slope: source != .pressure)
    return WeightedPoint(q, width: width(i, slope: slope, source: source))
  }

  /// Smoothed point `i` with the stroke ending at `last`, and the speed or step its width
  /// reads (`smoothed(_:last:source:)` without the width rule; 0 unless `needsSlope`).
  ///
  /// - Complexity: O(window): one fit of at most 2·window + 1 points.
  @inline(__always) mutating func fitted(_ i: Int, last: Int, slope needsSlope: Bool = true)
    -> (Point, slope: Double)
  {
    let end = min(last, count - 1)
    let p = Point(x: px[i & 15], y: py[i & 15])
    let window = settings.window
    var lo = max(0, i - window)
    var hi = min(end, i + window)
    if i == 0 || i == end || corner[i & 15] {
      (lo, hi) = (max(0, i - 1), min(end, i + 1))
      return (p, needsSlope ? chordSlope(lo, hi) : 0)
    }
    var k = i - 1
    while k > lo {
      if corner[k & 15] {
        lo = k
        break
      }
      k -= 1
    }
    k = i + 1
    while k < hi {
      if corner[k & 15] {
        hi = k
        break
      }
      k += 1
    }
    while lo < i - 1, squaredDistance(lo, p) > span2 { lo += 1 }
    while hi > i + 1, squaredDistance(hi, p) > span2 { hi -= 1 }
    guard window > 0, let s = fitSums(i, lo, hi, p).solve() else {
      return (p, needsSlope ? chordSlope(lo, hi) : 0)
    }
    let slope = needsSlope ? Point(x: s.dx, y: s.dy).length * (timed ? 1000 : 1) : 0
    return (Point(x: p.x + s.x, y: p.y + s.y), slope)
  }

  /// The sums of the fit at sample `i` (position `p`) over samples `lo...hi`, in that order:
  /// abscissae in ms from sample `i` (timed) or in samples, positions relative to `p`.
  @inline(__always) mutating func fitSums(_ i: Int, _ lo: Int, _ hi: Int, _ p: Point)
    -> LocalQuadraticFit
  {
    var fit = LocalQuadraticFit()
    if timed {
      let t0 = pt[i & 15]
      for j in lo...hi {
        fit.add(tau: (pt[j & 15] - t0) * 1000, x: px[j & 15] - p.x, y: py[j & 15] - p.y)
      }
    } else {
      for j in lo...hi {
        fit.add(tau: Double(j - i), x: px[j & 15] - p.x, y: py[j & 15] - p.y)
      }
    }
    return fit
  }

  @inline(__always) mutating func squaredDistance(_ j: Int, _ p: Point) -> Double {
    let dx = px[j & 15] - p.x
    let dy = py[j & 15] - p.y
    return dx * dx + dy * dy
  }

  /// Speed (px/s, timed) or step (px per sample) from the chord between samples `lo` and `hi`.
  @inline(__always) mutating func chordSlope(_ lo: Int, _ hi: Int) -> Double {
    guard hi > lo else { return 0 }
    let d = Point(x: px[hi & 15] - px[lo & 15], y: py[hi & 15] - py[lo & 15]).length
    if timed {
      let dt = pt[hi & 15] - pt[lo & 15]
      return dt > 0 ? d / dt : 0
    }
    return d / Double(hi - lo)
  }

  /// `chordSlope(count − 2, count − 1)` from the newest chord's kept length (needs 2 samples).
  @inline(__always) mutating func lastChordSlope() -> Double {
    let d = lastChordLength
    if timed {
      let dt = pt[(count - 1) & 15] - pt[(count - 2) & 15]
      return dt > 0 ? d / dt : 0
    }
    return d / 1
  }

  /// Width at sample `i` whose speed or step is `slope`.
  @inline(__always) mutating func width(_ i: Int, slope: Double, source: WidthSource)
    -> Double
  {
    let low = settings.minWidth
    let high = settings.maxWidth
    switch source {
    case .pressure:
      let p = pp[i & 15]
      return p.isFinite ? low + (high - low) * min(1, max(0, p)) : high
    case .speed: return high - (high - low) * min(1, slope / settings.speedScale)
    case .step, .undecided:
      return timed
        ? high - (high - low) * min(1, slope / settings.speedScale)
        : high - (high - low) * min(1, slope / settings.stepScale)
    }
  }
}
