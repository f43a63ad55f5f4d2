import Foundation
import SigbenchResults

/// The machine-readable forms of `history list`, `show` and `steps` (`--json`): sorted keys,
/// pretty printed, so CI jobs can post them.
public enum HistoryJSON {
  /// One detected step with its series, as `history steps --json` prints it.
  public struct Step: Codable, Hashable, Sendable {
    public var strategy: String
    public var lane: String
    public var metric: String
    public var unit: String
    public var group: String
    public var fromCommit: String?
    public var toCommit: String?
    public var commitRange: String
    public var fromTime: String
    public var toTime: String
    public var before: Double
    public var after: Double
    /// after / before − 1.
    public var change: Double?
    public var pValue: Double
  }

  /// `{"method": …, "steps": [...]}`, steps newest first.
  public static func steps(_ t: HistoryTrends) throws -> String {
    struct Doc: Codable {
      var method: String
      var steps: [Step]
    }
    let steps = t.steps.map { s in
      Step(
        strategy: s.series.strategy, lane: s.series.lane, metric: s.series.metric,
        unit: s.series.unit, group: s.series.group, fromCommit: s.step.fromCommit,
        toCommit: s.step.toCommit, commitRange: s.step.commitRange, fromTime: s.step.fromTime,
        toTime: s.step.toTime, before: s.step.before, after: s.step.after, change: s.step.change,
        pValue: s.step.pValue)
    }
    return try encode(Doc(method: t.method, steps: steps))
  }

  static func encode<T: Encodable>(_ value: T) throws -> String {
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    e.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try e.encode(value), as: UTF8.self)
  }
}

extension HistoryJSON {
  /// Any list of runs or rows as a JSON array.
  public static func array<T: Encodable>(_ values: [T]) throws -> String { try encode(values) }
}
