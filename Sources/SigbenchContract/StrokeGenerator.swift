import SigbenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seeded random strokes for property tests, built to hit the awkward cases: exact duplicate
/// samples, steps far below and far above the strategies' thresholds, hairpin reversals and
/// sharp corners, with pressure on all, none or some samples.
///
/// Positions lie on a grid of `quantum` px (as device coordinates do), and `randomOffset`
/// returns offsets on the same grid, so translating a generated stroke is exact in floating
/// point: a translation-equivariance check then measures the strategy, not the rounding of its
/// input (a 1e-4 px chord of rounded input would turn its normal by 1e-8 rad).
public enum StrokeGenerator {
  /// Grid of generated positions and offsets, px.
  public static let quantum = 1.0 / 4096

  /// `v` rounded to the grid.
  public static func quantized(_ v: Double) -> Double { (v / quantum).rounded() * quantum }

  /// A random translation on the grid, each coordinate within ±`range` px.
  public static func randomOffset(range: Double, rng: inout SplitMix64) -> Point {
    Point(
      x: quantized(rng.double(in: -range...range)), y: quantized(rng.double(in: -range...range)))
  }

  /// A random stroke of `count` samples (positions in CSS px, times in s).
  public static func random(count: Int, rng: inout SplitMix64) -> [Sample] {
    var samples: [Sample] = []
    samples.reserveCapacity(count)
    var p = Point(x: rng.double(in: -500...1500), y: rng.double(in: -500...1500))
    var heading = rng.double(in: 0...(2 * Double.pi))
    var t = rng.double(in: 0...10)
    let pressureMode = rng.int(in: 0...2)  // 0 none, 1 all, 2 some
    for i in 0..<count {
      if i > 0 {
        let step: Double
        switch rng.int(in: 0...9) {
        case 0: step = 0  // exact duplicate
        case 1: step = rng.double(in: 0.0001...0.05)
        case 2: step = rng.double(in: 1.5...2.5)  // around Uber's 2 px threshold
        case 3: step = rng.double(in: 20...120)
        default: step = rng.double(in: 0.3...12)
        }
        switch rng.int(in: 0...9) {
        case 0: heading += Double.pi  // hairpin
        case 1: heading += rng.double(in: 1.2...2.4) * (rng.int(in: 0...1) == 0 ? 1 : -1)
        default: heading += rng.double(in: -0.4...0.4)
        }
        p = p + Point(x: cos(heading) * step, y: sin(heading) * step)
        t += rng.double(in: 0.004...0.02)
      }
      let pressure: Double? =
        switch pressureMode {
        case 1: rng.double(in: 0...1)
        case 2: rng.int(in: 0...1) == 0 ? rng.double(in: 0...1) : nil
        default: nil
        }
      samples.append(Sample(x: quantized(p.x), y: quantized(p.y), time: t, pressure: pressure))
    }
    return samples
  }

  /// A long stroke for the cost rules: `count` samples at 120 Hz along a wandering loop (no
  /// two alike, steps of 1–6 px), with pressure.
  public static func longStroke(count: Int = 2_000, seed: UInt64) -> [Sample] {
    var rng = SplitMix64(seed: seed)
    var p = Point(x: 400, y: 300)
    var heading = 0.0
    var out: [Sample] = []
    out.reserveCapacity(count)
    for i in 0..<count {
      heading += rng.double(in: -0.35...0.45)
      let step = rng.double(in: 1...6)
      p = p + Point(x: step * cos(heading), y: step * sin(heading))
      out.append(
        Sample(x: p.x, y: p.y, time: Double(i) / 120, pressure: rng.double(in: 0.2...0.9)))
    }
    return out
  }

  /// Samples along the polyline through `points`, untimed, without pressure.
  public static func samples(_ points: [(Double, Double)]) -> [Sample] {
    points.map { Sample(x: $0.0, y: $0.1) }
  }
}
