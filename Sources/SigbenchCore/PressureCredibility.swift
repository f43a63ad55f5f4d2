/// Whether a pressure channel carries real pen force, decided from the samples alone, with the
/// reason as data. Strategies (to choose pressure or a fallback width), the quality metrics (to
/// measure width against pressure only where it means something) and capture tools all call
/// `assess`, so the rule lives here once.
///
/// The rule, applied in this order to the samples given (one stroke, or every ink sample of a
/// drawing pooled, which is the better choice because it sees more levels):
///
/// 1. `absent`: no sample has a finite pressure.
/// 2. `partial`: some samples have one and some do not. A width from pressure would then have
///    to mix two models within one line.
/// 3. `tooFewSamples`: fewer than `minimumSamples` (8) samples. Below that a real pen and a
///    button state look the same: a mouse sends 0.5 while pressed and 0 on release, so
///    three samples `0.5, 0.5, 0` already hold two levels.
/// 4. `constant`: every value is the same. Mice and touch screens without force hardware
///    report a fixed value (W3C Pointer Events: 0.5 while a button is pressed, else 0;
///    many Android touch screens: 1.0).
/// 5. `dominantValue`: one value covers at least `dominantShare` (90 %) of the samples: the
///    same fake value with a different one at pen-down or pen-up. A real pen holds no exact
///    level that long, because its readings carry sensor noise.
/// 6. `fewLevels`: fewer than `requiredLevels(samples:)` distinct values, that is
///    min(8, ⌈n/2⌉) for n samples. Pressure digitizers report 256 to 8,192 levels (Wacom
///    tablets 1,024 to 8,192; the SVC2004 data 1,024), so 8 levels (3 bits) is far below any
///    of them and typical of a coarse contact-size proxy. Short strokes need only half
///    their sample count, since n samples cannot show more than n levels.
/// 7. `narrowRange`: max − min < `minimumRange` (0.02 of the [0, 1] scale). Widths that
///    follow such a channel would differ by less than 2 % of the width range: noise on a
///    constant, not a signal.
/// 8. Otherwise `credible`.
///
/// Values are compared exactly (no rounding): equal doubles are one level.
public struct PressureCredibility: Hashable, Codable, Sendable {
  /// The outcome of the rule; only `credible` means the channel may be used.
  public enum Finding: String, Hashable, Codable, Sendable, CaseIterable {
    case credible
    case absent
    case partial
    case tooFewSamples = "too-few-samples"
    case constant
    case dominantValue = "dominant-value"
    case fewLevels = "few-levels"
    case narrowRange = "narrow-range"
  }

  /// Fewest samples with pressure the rule judges; fewer is `tooFewSamples`.
  public static let minimumSamples = 8
  /// Share of samples (0…1) one value may hold before the channel is `dominantValue`.
  public static let dominantShare = 0.9
  /// Distinct levels needed at most, whatever the sample count.
  public static let maximumRequiredLevels = 8
  /// Smallest max − min, on the [0, 1] pressure scale, of a credible channel.
  public static let minimumRange = 0.02

  /// The outcome.
  public var finding: Finding
  /// Samples judged (all given).
  public var samples: Int
  /// Samples with a finite pressure.
  public var samplesWithPressure: Int
  /// Distinct finite pressure values.
  public var distinctLevels: Int
  /// The most frequent value and its share of the samples with pressure (0…1); `nil` without
  /// pressure.
  public var mostFrequentValue: Double?
  public var mostFrequentShare: Double?
  /// Smallest and largest finite pressure; `nil` without pressure.
  public var minimum: Double?
  public var maximum: Double?

  public init(
    finding: Finding, samples: Int, samplesWithPressure: Int, distinctLevels: Int,
    mostFrequentValue: Double? = nil, mostFrequentShare: Double? = nil, minimum: Double? = nil,
    maximum: Double? = nil
  ) {
    self.finding = finding
    self.samples = samples
    self.samplesWithPressure = samplesWithPressure
    self.distinctLevels = distinctLevels
    self.mostFrequentValue = mostFrequentValue
    self.mostFrequentShare = mostFrequentShare
    self.minimum = minimum
    self.maximum = maximum
  }

  /// True only for `credible`.
  public var isCredible: Bool { finding == .credible }

  /// Distinct levels a credible channel of `n` samples needs: min(8, ⌈n/2⌉).
  public static func requiredLevels(samples n: Int) -> Int {
    min(maximumRequiredLevels, (n + 1) / 2)
  }

  /// Applies the rule to `samples`.
  ///
  /// - Complexity: O(n log n) for n samples (one sort of the pressure values).
  public static func assess(_ samples: some Sequence<Sample>) -> PressureCredibility {
    var total = 0
    var values: [Double] = []
    for s in samples {
      total += 1
      if let p = s.pressure, p.isFinite { values.append(p) }
    }
    return judge(values: values.sorted(), total: total)
  }

  /// Applies the rule to every ink sample of `drawing`, pooled over its strokes (hover
  /// traces excluded).
  ///
  /// - Complexity: O(n log n) for n ink samples.
  public static func assess(_ drawing: Drawing) -> PressureCredibility {
    assess(drawing.strokes.lazy.flatMap(\.samples))
  }

  /// The rule on the ascending finite values of `total` samples.
  private static func judge(values v: [Double], total: Int) -> PressureCredibility {
    let n = v.count
    var result = PressureCredibility(
      finding: .credible, samples: total, samplesWithPressure: n, distinctLevels: 0)
    guard n > 0 else {
      result.finding = .absent
      return result
    }
    var levels = 0
    var bestValue = v[0]
    var bestRun = 0
    var run = 0
    for i in 0..<n {
      if i == 0 || v[i] != v[i - 1] {
        levels += 1
        run = 0
      }
      run += 1
      if run > bestRun {
        bestRun = run
        bestValue = v[i]
      }
    }
    result.distinctLevels = levels
    result.mostFrequentValue = bestValue
    result.mostFrequentShare = Double(bestRun) / Double(n)
    result.minimum = v[0]
    result.maximum = v[n - 1]
    if n < total {
      result.finding = .partial
    } else if n < minimumSamples {
      result.finding = .tooFewSamples
    } else if levels == 1 {
      result.finding = .constant
    } else if Double(bestRun) >= dominantShare * Double(n) {
      result.finding = .dominantValue
    } else if levels < requiredLevels(samples: n) {
      result.finding = .fewLevels
    } else if v[n - 1] - v[0] < minimumRange {
      result.finding = .narrowRange
    }
    return result
  }

  /// One sentence for people: the finding and the figures behind it.
  public var explanation: String {
    let levels = "\(distinctLevels) distinct level\(distinctLevels == 1 ? "" : "s")"
    switch finding {
    case .credible:
      return "Credible pressure: \(levels) in \(samplesWithPressure) samples, range "
        + "\(minimum ?? 0)…\(maximum ?? 0)."
    case .absent:
      return "No pressure channel."
    case .partial:
      return "Pressure on only \(samplesWithPressure) of \(samples) samples."
    case .tooFewSamples:
      return "Only \(samplesWithPressure) samples (fewer than \(Self.minimumSamples)): "
        + "too few to tell real pressure from a button state."
    case .constant:
      return "Constant pressure \(mostFrequentValue ?? 0) on every sample (a device without "
        + "force sensing)."
    case .dominantValue:
      let share = Int(((mostFrequentShare ?? 0) * 100).rounded())
      return "One value, \(mostFrequentValue ?? 0), on \(share) % of the samples (at least "
        + "\(Int(Self.dominantShare * 100)) % means a fixed fake value)."
    case .fewLevels:
      return "Only \(levels) in \(samplesWithPressure) samples (fewer than "
        + "\(Self.requiredLevels(samples: samplesWithPressure)) needed)."
    case .narrowRange:
      return "Pressure spans only \(minimum ?? 0)…\(maximum ?? 0) (less than "
        + "\(Self.minimumRange) of the scale)."
    }
  }
}
