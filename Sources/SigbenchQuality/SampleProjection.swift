import SigbenchCore

/// Where each input sample lies on the stroke's final centreline: its projection, as an arc
/// length along the flattened centreline (px) and the drawn width there (px). Ink latency
/// and the width–pressure correlation read it.
///
/// The projection of a sample is the nearest point of the centreline. Where several parts
/// of the centreline pass within `QualityConstants.crossingTolerance` (1 px) of that nearest
/// distance (a self-crossing, a hairpin), each part (a run of consecutive chords) offers its
/// own nearest point, and the one continuing the stroke is taken: among the parts not behind
/// the previous sample's projection by more than 1 px of arc, the one whose arc length is
/// nearest the previous projection's; for the first sample, the smallest arc length. If every
/// part is behind, the one nearest in arc length. A non-finite sample takes the previous
/// projection (the start for the first).
enum SampleProjection {
  /// One projection.
  struct Projection: Sendable, Equatable {
    /// Arc length from the start of the centreline, px.
    var arc: Double
    /// Drawn full width there, px.
    var width: Double
  }

  /// The projection of every sample onto `shape`'s centreline; `nil` when the stroke has no
  /// centreline (dots only, or no ink).
  ///
  /// - Complexity: O(n · k) expected for n samples and k chords within the tolerance.
  static func project(_ samples: [Sample], onto shape: InkShape) -> [Projection]? {
    let path = shape.path
    guard !path.isEmpty else { return nil }
    guard path.points.count > 1 else {
      return samples.map { _ in Projection(arc: 0, width: path.width[0]) }
    }
    var result: [Projection] = []
    result.reserveCapacity(samples.count)
    var previous: Double?
    // Buffers reused from sample to sample.
    var parts: [SegmentGrid.Hit] = []
    var runs: [Int] = []
    for sample in samples {
      let p = sample.point
      guard p.isFinite, let nearest = shape.grid.nearest(to: p) else {
        result.append(result.last ?? Projection(arc: 0, width: path.width[0]))
        continue
      }
      let radius = nearest.distance + QualityConstants.crossingTolerance
      shape.grid.parts(near: p, within: radius, nearest: nearest, into: &parts, runs: &runs)
      let chosen = choose(parts, previous: previous, path: path)
      let e = chosen.edge
      let arc = path.arc[e] + chosen.fraction * (path.arc[e + 1] - path.arc[e])
      previous = arc
      result.append(Projection(arc: arc, width: path.width(edge: e, fraction: chosen.fraction)))
    }
    return result
  }

  /// The part continuing the stroke (see the type's comment); among equal candidates the
  /// first in edge order.
  private static func choose(
    _ parts: [SegmentGrid.Hit], previous: Double?, path: MeasuredPath
  ) -> SegmentGrid.Hit {
    func arc(_ h: SegmentGrid.Hit) -> Double {
      path.arc[h.edge] + h.fraction * (path.arc[h.edge + 1] - path.arc[h.edge])
    }
    guard let previous else { return parts.min { arc($0) < arc($1) }! }
    // The nearest in arc length among the parts ahead (not behind by more than the
    // tolerance), else among all.
    var ahead: (hit: SegmentGrid.Hit, gap: Double)?
    var any: (hit: SegmentGrid.Hit, gap: Double)?
    for h in parts {
      let a = arc(h)
      let gap = abs(a - previous)
      if any == nil || gap < any!.gap { any = (h, gap) }
      if a >= previous - QualityConstants.crossingTolerance, ahead == nil || gap < ahead!.gap {
        ahead = (h, gap)
      }
    }
    return (ahead ?? any)!.hit
  }
}
