import Foundation
import SigbenchCore

/// Curvature-variation energy of a centreline, ∫(dκ/ds)² ds, the smoothness measure of
/// fairing: 0 for lines and circles, large where curvature jumps (a kink, a polyline corner,
/// a wobble).
///
/// Discretisation: the centreline (one path, segments joined) of length L is sampled at n + 1
/// points q₀…qₙ placed on the cubics at equal arc-length steps h = L / n, n = max(1, round(L /
/// `QualityConstants.curvatureSpacing`)) (so h ≈ 1 px). At each interior point the
/// curvature is the turning angle divided by the mean of the two neighbouring steps,
/// κⱼ = θⱼ / ((|qⱼ − qⱼ₋₁| + |qⱼ₊₁ − qⱼ|) / 2) in rad/px, and the energy is
/// Σⱼ (κⱼ₊₁ − κⱼ)² / |qⱼ₊₁ − qⱼ|, in px⁻³. A kink of angle θ therefore adds about 2θ²/h³:
/// tangent breaks count, which is what separates a polyline from a smooth curve. A path
/// shorter than 3 steps has energy 0.
enum CurvatureVariation {
  /// The energy of one stroke's centreline, px⁻³, and its length, px.
  ///
  /// - Complexity: O(c + L / h).
  static func energy(_ shape: InkShape) -> (energy: Double, length: Double) {
    let length = shape.path.length
    guard length > 0 else { return (0, 0) }
    let n = max(1, (length / QualityConstants.curvatureSpacing).rounded())
    let q = shape.path.resampled(every: length / n, on: shape.segments)
    guard q.count >= 4 else { return (0, length) }
    var previous: Double?
    var energy = 0.0
    for j in 1..<(q.count - 1) {
      let a = q[j] - q[j - 1]
      let b = q[j + 1] - q[j]
      let mean = (a.length + b.length) / 2
      guard mean > 0 else { continue }
      let kappa = atan2(a.cross(b), a.dot(b)) / mean
      if let k = previous, a.length > 0 {
        energy += (kappa - k) * (kappa - k) / a.length
      }
      previous = kappa
    }
    return (energy, length)
  }
}
