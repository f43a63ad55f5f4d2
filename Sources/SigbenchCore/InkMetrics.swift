/// Geometry helpers for measuring ink. The quality metrics themselves (accuracy in both
/// directions, gaps, turns, width, latency) live in SigbenchQuality; this is the brute-force
/// point-to-polyline distance they are checked against.
public enum InkMetrics {
  /// Distance from `p` to the nearest point of the polyline `line`.
  public static func distance(_ p: Point, toPolyline line: [Point]) -> Double {
    guard line.count > 1 else { return line.first.map { p.distance(to: $0) } ?? .infinity }
    var best = Double.infinity
    for i in 1..<line.count {
      let a = line[i - 1]
      let d = line[i] - a
      let len2 = d.dot(d)
      let t = len2 > 0 ? max(0, min(1, (p - a).dot(d) / len2)) : 0
      best = min(best, p.distance(to: a + d * t))
    }
    return best
  }
}
