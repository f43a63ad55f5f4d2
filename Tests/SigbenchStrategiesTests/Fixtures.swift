import SigbenchCore
import SigbenchTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Named edge-case strokes: each test says by name which fixture it uses.
enum Fixtures {
  static let twoPoints = StrokeGenerator.samples([(0, 0), (10, 0)])
  static let twoEqualPoints = StrokeGenerator.samples([(5, 5), (5, 5)])
  static let duplicates = StrokeGenerator.samples([
    (0, 0), (0, 0), (4, 1), (4, 1), (4, 1), (9, 3), (9.001, 3), (15, 8),
  ])
  /// A short chord between long ones with a turn: uniform Catmull-Rom loops here.
  static let unevenSpacing = StrokeGenerator.samples([
    (0, 0), (100, 0), (101, 1), (101, 101), (140, 140),
  ])
  /// A sharp corner reached by decelerating: long chords in, a 1 px chord at the corner, long
  /// chords out.
  static let sharpCorner = StrokeGenerator.samples([
    (0, 0), (40, 0), (80, 0), (81, 0.5), (60, 30), (40, 60),
  ])
  /// A cursive loop sampled unevenly: the pen slows at the top of the loop (short chord).
  static let loop = StrokeGenerator.samples([
    (0, 0), (30, 0), (50, -10), (55, -30), (54.5, -31), (30, -40), (28, -20), (40, 0), (70, 10),
    (110, 12),
  ])
  /// A hairpin reversal.
  static let hairpin = StrokeGenerator.samples([(0, 0), (10, 0), (20, 0), (10, 0.5), (0, 1)])
  /// A straight line with uniform spacing 10 px.
  static let line10 = StrokeGenerator.samples((0...12).map { (Double($0) * 10, 0) })
  /// A spiral with pressure rising along it.
  static let pressureSpiral: [Sample] = (0..<40).map { i in
    let a = Double(i) * 0.35
    let r = 5 + Double(i) * 1.5
    return Sample(
      x: 100 + r * cos(a), y: 100 + r * sin(a), time: Double(i) * 0.008,
      pressure: Double(i) / 39)
  }

  static let all: [(String, [Sample])] = [
    ("two-points", twoPoints), ("two-equal-points", twoEqualPoints), ("duplicates", duplicates),
    ("uneven-spacing", unevenSpacing), ("sharp-corner", sharpCorner), ("loop", loop),
    ("hairpin", hairpin), ("line-10", line10), ("pressure-spiral", pressureSpiral),
  ]
}
