import SigbenchCore

/// A whole synthetic drawing's pen-tip motion: sigma-lognormal strokes in time order with pen-up
/// gaps between them, a pressure model, and the ground truth every sampling of it shares.
///
/// A `Motion` is a pure function of its generator kind and seed (`MotionKind.motion(id:seed:)`);
/// sampling it at 60, 120 or 240 Hz (`Digitizer`) never changes it, so all samplings carry the
/// same `truth` exactly.
public struct Motion: Hashable, Sendable {
  /// Identifier shared by every sampling of this motion, e.g. `signature-07`.
  public let id: String
  /// Which generator made it.
  public let kind: MotionKind
  /// The generator's seed (the whole motion follows from `kind` and `seed`).
  public let seed: UInt64
  /// Pen-down traces in time order, not overlapping in time.
  public let strokes: [LognormalStroke]
  /// Pen pressure as a function of speed and the time since pen-down / until pen-up.
  public let pressure: PressureModel
  /// Per stroke, the truth polyline (`TruthTrace`) rounded to 1/1000 px as stored in the files.
  public let truth: [[Point]]

  /// A motion of `strokes` (in time order); computes the truth.
  public init(
    id: String, kind: MotionKind, seed: UInt64, strokes: [LognormalStroke],
    pressure: PressureModel
  ) {
    precondition(!strokes.isEmpty, "a motion needs at least one stroke")
    for i in strokes.indices.dropFirst() {
      precondition(strokes[i - 1].end < strokes[i].begin, "strokes overlap in time")
    }
    self.id = id
    self.kind = kind
    self.seed = seed
    self.strokes = strokes
    self.pressure = pressure
    truth = strokes.map { TruthTrace.trace($0).map(Rounding.position) }
  }

  /// Number of lognormal components over all strokes.
  public var componentCount: Int { strokes.reduce(0) { $0 + $1.components.count } }

  /// From the first pen-down to the last pen-up, seconds.
  public var duration: Double { strokes[strokes.count - 1].end - strokes[0].begin }

  /// Bounds of the truth, px.
  public var bounds: Rect {
    var r = Rect(origin: truth[0][0], size: .zero)
    for line in truth { for p in line { r = r.including(p) } }
    return r
  }

  /// Length of the truth polylines, px.
  public var pathLength: Double {
    truth.reduce(0) { sum, line in
      zip(line, line.dropFirst()).reduce(sum) { $0 + $1.0.distance(to: $1.1) }
    }
  }

  /// Pressure of stroke `i` at time `t`, in [0, 1].
  public func pressure(stroke i: Int, at t: Double) -> Double {
    let s = strokes[i]
    return pressure.pressure(speed: s.speed(at: t), sinceDown: t - s.begin, untilUp: s.end - t)
  }
}
