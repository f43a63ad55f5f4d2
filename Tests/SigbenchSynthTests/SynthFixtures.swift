import SigbenchCore
import SigbenchSynth

/// Motions shared by the synth tests, generated once (each costs ~0.3 s in a debug build).
enum SynthFixtures {
  static let signature = MotionKind.signature.motion(id: "signature-t", seed: 0x5EED_0007)
  static let line = MotionKind.handwriting.motion(id: "line-t", seed: 0x5EED_0003)

  /// A digitizer with only a rate (no noise, grid, jitter or drops).
  static func clean(_ rate: Double) -> DigitizerSettings {
    try! DigitizerSettings(rate: rate)
  }

  /// Largest distance from the samples of `drawing` to its truth, px.
  static func worstDistanceToTruth(_ drawing: Drawing) -> Double {
    var worst = 0.0
    for (i, stroke) in drawing.strokes.enumerated() {
      let truth = drawing.groundTruth!.strokes[i]
      for s in stroke.samples {
        worst = max(worst, InkMetrics.distance(s.point, toPolyline: truth))
      }
    }
    return worst
  }

  /// Distances from `points` (in order along the path) to `line`: first to the segments near
  /// the previous point's nearest one (the path is followed, so this is usually exact and
  /// always an upper bound), then, where that exceeds `exactAbove`, to the whole polyline.
  static func followingDistances(_ points: [Point], _ line: [Point], exactAbove: Double = 0.005)
    -> [Double]
  {
    var hint = 0
    return points.map { p in
      var best = Double.infinity
      let lo = max(0, hint - 5)
      let hi = min(line.count - 1, hint + 40)
      for i in lo...hi {
        let d = InkMetrics.distance(p, toPolyline: Array(line[i...min(i + 1, line.count - 1)]))
        if d < best {
          best = d
          hint = i
        }
      }
      return best > exactAbove ? InkMetrics.distance(p, toPolyline: line) : best
    }
  }
}
