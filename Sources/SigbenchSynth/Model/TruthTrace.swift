import SigbenchCore

/// The ground truth of a stroke as a polyline: the exact pen-tip path, thinned to what a metric
/// can tell apart.
///
/// The stroke's closed-form position is evaluated every `step` (0.5 ms, i.e. 2 kHz) from
/// pen-down to pen-up (pen-up included), then thinned greedily: from each kept vertex the next
/// one is the farthest dense point such that every dense point in between lies within
/// `tolerance` (0.005 px) of the chord and the chord is at most `maxChord` (2 px) long. Every
/// vertex is a point of the exact path; the first and last are the pen-down and pen-up
/// positions. Measured over the whole committed set (36 motions, exact path at 20 kHz), every
/// point of the path lies within 0.006 px of the polyline after its 1/1000 px rounding; the
/// tests hold it to 0.01 px.
///
/// - Complexity: O(n · L) for n dense points and L dense points per chord (L ≤ ~30 except where
///   the pen nearly stops); a 3 s stroke takes 6,000 evaluations.
public enum TruthTrace {
  /// Time between dense evaluations, seconds.
  public static let step = 0.0005
  /// Largest distance of a dropped dense point from the polyline, px.
  public static let tolerance = 0.005
  /// Longest chord, px (so straight parts keep vertices for per-vertex metrics).
  public static let maxChord = 2.0

  /// The truth polyline of `stroke`, px, unrounded.
  public static func trace(_ stroke: LognormalStroke) -> [Point] {
    thin(dense(stroke))
  }

  /// Positions every `step` from pen-down, then the pen-up position.
  static func dense(_ stroke: LognormalStroke) -> [Point] {
    var pts = [stroke.position(at: stroke.begin)]
    var k = 1.0
    while stroke.begin + k * step < stroke.end {
      pts.append(stroke.position(at: stroke.begin + k * step))
      k += 1
    }
    pts.append(stroke.position(at: stroke.end))
    return pts
  }

  /// Greedy thinning with `tolerance` and `maxChord` (see the type's comment) of any dense
  /// polyline.
  public static func thin(_ dense: [Point]) -> [Point] {
    guard dense.count > 2 else { return dense }
    var kept = [dense[0]]
    var a = 0
    while a < dense.count - 1 {
      var j = a + 1
      while j + 1 < dense.count && fits(dense, a, j + 1) { j += 1 }
      kept.append(dense[j])
      a = j
    }
    return kept
  }

  /// True when chord a→b is at most `maxChord` long and every dense point strictly between is
  /// within `tolerance` of it.
  static func fits(_ p: [Point], _ a: Int, _ b: Int) -> Bool {
    let d = p[b] - p[a]
    let len2 = d.dot(d)
    guard len2 <= maxChord * maxChord else { return false }
    for i in (a + 1)..<b {
      let w = p[i] - p[a]
      let u = len2 > 0 ? Swift.max(0, Swift.min(1, w.dot(d) / len2)) : 0
      if (w - d * u).length > tolerance { return false }
    }
    return true
  }
}
