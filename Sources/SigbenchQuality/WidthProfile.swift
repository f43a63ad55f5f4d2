import SigbenchCore

/// The drawn full width along a drawing's centrelines: sums from which the arc-length mean,
/// standard deviation and ink area follow, plus the extremes.
///
/// Along each flattened chord the width is taken as linear between its ends (each segment's
/// width is linear in its parameter; over a chord of ≤ 0.005 px error the difference is
/// negligible), so per chord of length ℓ with end widths a, b: ∫w ds = ℓ(a + b)/2 and
/// ∫w² ds = ℓ(a² + ab + b²)/3. Then mean = ∫w ds / L, sd = √(∫w² ds / L − mean²) and ink area
/// = ∫w ds (px², the swept band without caps or joins). Min and max are over every segment's
/// end widths (widths are linear between them). A drawing without centreline length (dots,
/// or zero-length segments at one place) takes the widths of its strokes' zero-length
/// segments, or else their disc diameters, each weighing 1, with ink area 0.
struct WidthProfile: Sendable {
  /// Σ ℓ, px.
  private(set) var length = 0.0
  /// ∫ w ds, px².
  private(set) var integral = 0.0
  /// ∫ w² ds, px³.
  private(set) var squareIntegral = 0.0
  private(set) var minimum = Double.infinity
  private(set) var maximum = -Double.infinity
  /// Widths of strokes without centreline length (segment end widths or disc diameters).
  private var dots: [Double] = []

  /// Adds one stroke's ink.
  ///
  /// - Complexity: O(c + s + d) for c chords, s segments, d discs.
  mutating func add(_ shape: InkShape, discs: [Disc]) {
    let path = shape.path
    for j in path.points.indices.dropLast() {
      let l = path.arc[j + 1] - path.arc[j]
      let a = path.width[j]
      let b = path.width[j + 1]
      length += l
      integral += l * (a + b) / 2
      squareIntegral += l * (a * a + a * b + b * b) / 3
    }
    for s in shape.segments where s.startWidth.isFinite && s.endWidth.isFinite {
      minimum = min(minimum, s.startWidth, s.endWidth)
      maximum = max(maximum, s.startWidth, s.endWidth)
    }
    if path.length == 0 {
      let widths =
        shape.segments.isEmpty
        ? discs.map { 2 * $0.radius } : shape.segments.flatMap { [$0.startWidth, $0.endWidth] }
      dots.append(contentsOf: widths.filter(\.isFinite))
    }
  }

  /// Mean, standard deviation, min, max (px) and ink area (px²); `nil` without any width.
  var figures: (mean: Double, sd: Double, min: Double, max: Double, area: Double)? {
    if length > 0 {
      let mean = integral / length
      let sd = max(0, squareIntegral / length - mean * mean).squareRoot()
      return (mean, sd, minimum, maximum, integral)
    }
    if !dots.isEmpty {
      let mean = dots.reduce(0, +) / Double(dots.count)
      let second = dots.reduce(0) { $0 + $1 * $1 } / Double(dots.count)
      let low = min(minimum, dots.min()!)
      let high = max(maximum, dots.max()!)
      return (mean, max(0, second - mean * mean).squareRoot(), low, high, 0)
    }
    return nil
  }
}
