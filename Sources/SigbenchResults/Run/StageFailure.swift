/// A stage that failed on one drawing inside the input envelope: the strategy's smoothing (its
/// ink not finite, or past the ±400,000 px the writers draw), a picture, or a quality figure.
///
/// The rule (README, "Exit codes"): a value outside the envelope is malformed input, refused by
/// the reader (exit 4); a stage that fails on a drawing inside it fails that cell only. The
/// cell is recorded here, on the drawing's `SampleEntry`, shown on the console, the sheet and
/// the sample's page, left out of the strategy's quality aggregate, and the run goes on with
/// the other cells; the run then exits 3 (`--strict`: the first failing cell stops the run, exit
/// 3). External strategies follow the same rule.
public struct StageFailure: Codable, Hashable, Sendable {
  /// Where in a cell's work the failure happened.
  public enum Stage: String, Codable, CaseIterable, Sendable {
    /// The strategy's replay of the drawing, and the check of its ink.
    case smoothing
    /// A picture of the drawing (the raw samples, or a strategy's ink).
    case picture
    /// The quality figures of the strategy's ink.
    case quality
  }

  /// The strategy's label; `nil` for the drawing's own pictures (the raw samples).
  public var strategy: String?
  public var stage: Stage
  /// What failed, in words (the error's text).
  public var reason: String

  public init(strategy: String?, stage: Stage, reason: String) {
    self.strategy = strategy
    self.stage = stage
    self.reason = reason
  }

  /// What a failure of the drawing's own pictures is listed under.
  public static let rawSamples = "raw samples"

  /// Who failed: the strategy's label, or `rawSamples`.
  public var who: String { strategy ?? StageFailure.rawSamples }

  /// "straight: quality: …", or "raw samples: picture: …" for the drawing's own pictures.
  public var text: String { "\(who): \(stage.rawValue): \(reason)" }
}

/// One failed cell of a run: the drawing (its name names the corpus file) and the failure.
public struct FailedCell: Hashable, Sendable {
  public var drawing: String
  public var failure: StageFailure

  public init(drawing: String, failure: StageFailure) {
    self.drawing = drawing
    self.failure = failure
  }

  /// "drawing × strategy: stage: reason", one line.
  public var text: String { "\(drawing) × \(failure.text)" }
}

/// How many cells of one strategy (or of the raw samples) failed.
public struct FailedCellCount: Hashable, Sendable {
  public var who: String
  public var count: Int
}

extension RunResult {
  /// Every failed cell, in corpus order.
  public var failedCells: [FailedCell] {
    self.samples.flatMap { s in (s.failures ?? []).map { FailedCell(drawing: s.name, failure: $0) }
    }
  }

  /// Failed cells per strategy (the raw samples last), in the run's strategy order, only
  /// those with any: what the console and the sheet summarise.
  public var failedCellCounts: [FailedCellCount] {
    var counts: [String: Int] = [:]
    for c in failedCells { counts[c.failure.who, default: 0] += 1 }
    let order = self.strategies.map(\.label) + [StageFailure.rawSamples]
    return order.compactMap { who in counts[who].map { FailedCellCount(who: who, count: $0) } }
  }
}
