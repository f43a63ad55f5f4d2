/// The run's ink quality: each strategy's figures over the corpus and, where the corpus holds
/// the same motion at several sample rates, how the ink changes with the rate.
public struct RunQuality: Codable, Hashable, Sendable {
  /// Strategy label → its figures aggregated over every drawing (`QualityFigures.aggregate`).
  public var strategies: [String: QualityFigures]
  /// Strategy label → one entry per motion recorded at several rates (empty without such
  /// motions).
  public var rateStability: [String: [RateStability]]

  public init(strategies: [String: QualityFigures], rateStability: [String: [RateStability]]) {
    self.strategies = strategies
    self.rateStability = rateStability
  }
}

/// Which motion a drawing records and at what rate, read from its metadata notes: the
/// synthetic generator writes `synth motion=ID` and `synth rate=HZ`; the resampler writes
/// `resampled source=NAME` with the drawing's rate. `nil` when the drawing says neither.
public struct MotionKey: Hashable, Sendable {
  public var motion: String
  public var rate: Double

  public init(motion: String, rate: Double) {
    self.motion = motion
    self.rate = rate
  }

  public static func read(notes: [String], sampleRate: Double?) -> MotionKey? {
    func value(_ prefix: String) -> String? {
      notes.lazy.compactMap { note -> String? in
        note.hasPrefix(prefix) ? String(note.dropFirst(prefix.count)) : nil
      }.first
    }
    let motion = value("synth motion=") ?? value("resampled source=")
    let rate = value("synth rate=").flatMap(Double.init) ?? sampleRate
    guard let motion, let rate, rate > 0 else { return nil }
    return MotionKey(motion: motion, rate: rate)
  }
}
