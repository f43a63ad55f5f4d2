import SigbenchCore

/// A polyline with cumulative arc length: a stroke's reference (truth or input samples), or
/// its centreline flattened into chords, which also keeps each vertex's segment, Bézier
/// parameter and width so points can be placed on the cubics themselves.
///
/// Positions and arc lengths in CSS px. Consecutive vertices at the same position are stored
/// once, so every edge has a positive length.
struct MeasuredPath: Sendable {
  /// Vertices in order.
  var points: [Point] = []
  /// Arc length from the first vertex to vertex i, px; `arc[0] == 0`.
  var arc: [Double] = []
  /// For a flattened centreline: the segment each vertex lies on, its parameter on that
  /// segment and the full width there (px). Empty for a plain polyline.
  var segment: [Int] = []
  var parameter: [Double] = []
  var width: [Double] = []
  /// For a flattened centreline: arc length at the end of each segment, px (the length of
  /// the centreline made of segments 0…k). Empty for a plain polyline.
  var segmentEndArc: [Double] = []

  /// Total arc length, px.
  var length: Double { arc.last ?? 0 }
  var isEmpty: Bool { points.isEmpty }

  /// The polyline through `points` (consecutive duplicates and non-finite points dropped).
  ///
  /// - Complexity: O(n).
  init(polyline input: [Point]) {
    // Written straight into uninitialised storage (no capacity check per vertex): the same
    // vertices and sums as appending one by one.
    var arcs: [Double] = []
    points = [Point](unsafeUninitializedCapacity: input.count) { P, nP in
      arcs = [Double](unsafeUninitializedCapacity: input.count) { A, nA in
        var used = 0
        input.withUnsafeBufferPointer { input in
          for p in input where p.isFinite {
            if used > 0 {
              let last = P[used - 1]
              guard p != last else { continue }
              A[used] = A[used - 1] + last.distance(to: p)
            } else {
              A[0] = 0
            }
            P[used] = p
            used += 1
          }
        }
        nA = used
      }
      nP = arcs.count
    }
    arc = arcs
  }

  /// The centreline `segments` as one path: each cubic flattened into chords within
  /// `QualityConstants.flatteningTolerance`, consecutive segments joined (a segment that does
  /// not start where the previous ended is reached by a straight connection).
  ///
  /// - Complexity: O(c) for c chords.
  init(centerline segments: [CenterlineSegment]) {
    var counts: [Int] = []
    counts.reserveCapacity(segments.count)
    var capacity = 1
    for s in segments {
      let n = MeasuredPath.chordCount(s)
      counts.append(n)
      capacity += n + 1
    }
    // Written straight into uninitialised storage sized for every vertex (no zero fill, no
    // capacity check per vertex): the same vertices as appending one by one.
    var ends: [Double] = []
    ends.reserveCapacity(segments.count)
    var used = 0
    var pts: [Point] = []
    var arcs: [Double] = []
    var segs: [Int] = []
    var params: [Double] = []
    var widths: [Double] = []
    pts = [Point](unsafeUninitializedCapacity: capacity) { P, nP in
      arcs = [Double](unsafeUninitializedCapacity: capacity) { A, nA in
        segs = [Int](unsafeUninitializedCapacity: capacity) { S, nS in
          params = [Double](unsafeUninitializedCapacity: capacity) { T, nT in
            widths = [Double](unsafeUninitializedCapacity: capacity) { W, nW in
              for (k, s) in segments.enumerated() {
                let n = counts[k]
                for i in 0...n {
                  let t = Double(i) / Double(n)
                  // `s.point(at: t)`, inlined (the same arithmetic, so the same vertices).
                  let p = CenterlineSegment.point(s.start, s.control1, s.control2, s.end, at: t)
                  guard p.isFinite else { continue }
                  if used > 0 {
                    let last = P[used - 1]
                    if p == last { continue }
                    A[used] = A[used - 1] + last.distance(to: p)
                  } else {
                    A[0] = 0
                  }
                  P[used] = p
                  S[used] = k
                  T[used] = t
                  W[used] = s.width(at: t)
                  used += 1
                }
                ends.append(used > 0 ? A[used - 1] : 0)
              }
              nW = used
            }
            nT = used
          }
          nS = used
        }
        nA = used
      }
      nP = used
    }
    points = pts
    arc = arcs
    segment = segs
    parameter = params
    width = widths
    segmentEndArc = ends
  }

  /// Chords for one cubic (see `QualityConstants.flatteningTolerance`).
  static func chordCount(_ s: CenterlineSegment) -> Int {
    let d1 = s.start - s.control1 * 2 + s.control2
    let d2 = s.control1 - s.control2 * 2 + s.end
    let m = max(d1.length, d2.length)
    guard m.isFinite, m > 0 else { return 1 }
    let n = (3 * m / (4 * QualityConstants.flatteningTolerance)).squareRoot().rounded(.up)
    return Int(min(Double(QualityConstants.maximumChordsPerSegment), max(1, n)))
  }

  /// Points every `spacing` px of arc length from the start, plus the end (so both ends are
  /// always included and the last step may be shorter). On a flattened centreline the
  /// points lie on the cubics (the parameter is interpolated along the chord, then the
  /// segment evaluated); on a polyline they lie on its edges. One point for a path of
  /// length 0.
  ///
  /// - Complexity: O(v + L / spacing) for v vertices and length L.
  func resampled(every spacing: Double, on segments: [CenterlineSegment]? = nil) -> [Point] {
    guard let first = points.first else { return [] }
    let total = length
    guard total > 0 else { return [first] }
    let steps = Int((total / spacing).rounded(.down))
    let last = Double(steps) * spacing < total - QualityConstants.arcTolerance
    let count = steps + 1 + (last ? 1 : 0)
    let vertices = points.count
    let cubics = segment.isEmpty ? nil : segments
    return [Point](unsafeUninitializedCapacity: count) { out, initialized in
      withVertices(cubics ?? []) { v in
        var j = 0
        for i in 0...steps {
          let s = Double(i) * spacing
          while j + 2 < vertices, v.arc[j + 1] < s { j += 1 }
          out[i] = v.point(atArc: s, edge: j, onCubics: cubics != nil)
        }
        if last {
          out[steps + 1] = v.point(atArc: total, edge: vertices - 2, onCubics: cubics != nil)
        }
      }
      initialized = count
    }
  }

  /// The vertex arrays and `segments` opened once for a walk along the path.
  private struct Vertices {
    let points: UnsafeBufferPointer<Point>
    let arc: UnsafeBufferPointer<Double>
    let segment: UnsafeBufferPointer<Int>
    let parameter: UnsafeBufferPointer<Double>
    let segments: UnsafeBufferPointer<CenterlineSegment>

    /// The point at arc length `s` on edge `j` (from vertex j to j + 1); `onCubics`: on the
    /// segments (a flattened centreline with its segments), else on the chord.
    @inline(__always) func point(atArc s: Double, edge j: Int, onCubics: Bool) -> Point {
      let len = arc[j + 1] - arc[j]
      let u = len > 0 ? min(1, max(0, (s - arc[j]) / len)) : 0
      if onCubics {
        let k = segment[j + 1]
        let s = segments[k]
        // `s.point(at:)`, inlined (the same arithmetic, so the same points).
        if segment[j] == k {
          let t = parameter[j] + (parameter[j + 1] - parameter[j]) * u
          return CenterlineSegment.point(s.start, s.control1, s.control2, s.end, at: t)
        }
        // The first chord of a segment that starts where the previous vertex is (its t = 0
        // vertex was the same point and stored once).
        if s.start == points[j] {
          return CenterlineSegment.point(
            s.start, s.control1, s.control2, s.end, at: parameter[j + 1] * u)
        }
      }
      return points[j].lerp(points[j + 1], u)
    }
  }

  @inline(__always) private func withVertices<R>(
    _ segments: [CenterlineSegment], _ body: (Vertices) -> R
  ) -> R {
    points.withUnsafeBufferPointer { points in
      arc.withUnsafeBufferPointer { arc in
        segment.withUnsafeBufferPointer { segment in
          parameter.withUnsafeBufferPointer { parameter in
            segments.withUnsafeBufferPointer { segments in
              body(
                Vertices(
                  points: points, arc: arc, segment: segment, parameter: parameter,
                  segments: segments))
            }
          }
        }
      }
    }
  }

  /// The width at fraction `u` of edge `j`, px (linear between its vertices).
  func width(edge j: Int, fraction u: Double) -> Double {
    guard !width.isEmpty else { return 0 }
    guard j + 1 < width.count else { return width[j] }
    return width[j] + (width[j + 1] - width[j]) * u
  }
}
