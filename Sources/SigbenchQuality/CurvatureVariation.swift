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
///
/// The energy is also split by where it arises (the rule that sets joins at true corners
/// apart, applied to the energy): the term of step qⱼ → qⱼ₊₁ is "at a true corner" when qⱼ
/// or qⱼ₊₁ lies within `QualityConstants.cornerJoinRadius` (2 px) of a corner point of the
/// reference (`TrueCorners`), else "away". The two parts add up to the whole, so a strategy that rounds a
/// real corner lowers only the corner part and is not rewarded on the part away from corners.
enum CurvatureVariation {
  /// One stroke's energy, px⁻³: in all, and the part away from true corners.
  struct Energy: Equatable {
    var total = 0.0
    var awayFromCorners = 0.0
    /// The centreline length, px.
    var length = 0.0
  }

  /// The energy of one stroke's centreline, px⁻³, and its length, px.
  ///
  /// - Complexity: O(c + L / h).
  static func energy(_ shape: InkShape) -> (energy: Double, length: Double) {
    let e = energy(shape, corners: nil)
    return (e.total, e.length)
  }

  /// The energy of one stroke's centreline, split by `corners` (none: all of it is away).
  ///
  /// - Complexity: O(c + (L / h) · log k) for k corner points (`TrueCorners.isNear`).
  static func energy(_ shape: InkShape, corners: TrueCorners?) -> Energy {
    let length = shape.path.length
    guard length > 0 else { return Energy() }
    let n = max(1, (length / QualityConstants.curvatureSpacing).rounded())
    let q = shape.path.resampled(every: length / n, on: shape.segments)
    guard q.count >= 4 else { return Energy(length: length) }
    let corners = corners.flatMap { $0.points.isEmpty ? nil : $0 }
    var previous: Double?
    var energy = 0.0
    var away = 0.0
    // Whether q[j − 1] and q[j] lie near a true corner, each asked once, in order.
    var nearBefore = false
    var nearHere = corners?.isNear(q[0]) ?? false
    q.withUnsafeBufferPointer { q in
      for j in 1..<(q.count - 1) {
        nearBefore = nearHere
        nearHere = corners?.isNear(q[j]) ?? false
        let a = q[j] - q[j - 1]
        let b = q[j + 1] - q[j]
        let lengthA = a.length
        let mean = (lengthA + b.length) / 2
        guard mean > 0 else { continue }
        let kappa = atan2(a.cross(b), a.dot(b)) / mean
        if let k = previous, lengthA > 0 {
          let term = (kappa - k) * (kappa - k) / lengthA
          energy += term
          if !(nearBefore || nearHere) { away += term }
        }
        previous = kappa
      }
    }
    return Energy(total: energy, awayFromCorners: away, length: length)
  }
}
