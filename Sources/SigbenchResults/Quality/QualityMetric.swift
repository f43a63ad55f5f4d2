import Foundation

/// One ink quality metric, declared once: id, name, unit, which way is better, a one-line
/// meaning, the full definition, the key its value is stored under and how the value pools over
/// drawings; the tolerance within which two values are the same follows from the unit
/// (`tolerance`). The sheet, the metric-definitions page, the Markdown
/// summary, the gate, the files (`QualityFigures`'s coding) and the one pooling rule
/// (`QualityFigures.Accumulator`) all read `catalog`.
///
/// Adding a metric is its measuring function (which sets `figures[.newMetric]`) plus its
/// declaration: a `static let` in one of the `QualityMetric+…` files, listed in its group's
/// array.
///
/// Equality and hashing use `id` only.
public struct QualityMetric: Sendable, Identifiable, Hashable, CustomStringConvertible {
  /// Which values are better.
  public enum Direction: String, Codable, Hashable, Sendable, CaseIterable {
    /// Smaller is better (distances, gaps, latency, size).
    case lowerIsBetter = "lower"
    /// Larger is better (the pressure correlation).
    case higherIsBetter = "higher"
    /// Nearer 1 is better, measured as |ln value| so 2 and 0.5 are equally far (rate ratios).
    case closerToOne = "closer-to-1"
    /// Neither: a property of the strategy's design (widths, ink area, turns at true
    /// corners), shown for reading, never ranked or gated.
    case neutral = "none"
  }

  /// The section a metric belongs to.
  public enum Group: String, Codable, Hashable, Sendable, CaseIterable {
    case accuracy, ends, smoothness, width, latency, size
  }

  /// How many digits to show.
  public enum Precision: Hashable, Sendable {
    /// Fixed digits after the decimal point.
    case decimals(Int)
    /// Significant digits (for figures spanning orders of magnitude).
    case significant(Int)
  }

  /// Kebab-case id used in files, gate settings and links (`accuracy-mean`).
  public let id: String
  /// Short display name (`Accuracy mean`).
  public let name: String
  /// Unit as shown: "px", "px²", "°", "pushes", "ms", "px⁻⁴", "per sample", "" (unitless).
  public let unit: String
  public let group: Group
  public let direction: Direction
  /// Shown as a column of the sheet's summary and the Markdown summary.
  public let headline: Bool
  public let precision: Precision
  /// One line for people: what a value means.
  public let meaning: String
  /// The exact definition: what is measured, on which points, with which constants, and when
  /// the value is n/a.
  public let definition: String
  /// The key the value is stored under, in `QualityFigures` and in every file that holds
  /// figures (`result.json`, baselines, noise floors): lower camel case (`accuracyMean`).
  /// Files already written use it, so a key is never renamed.
  public let key: String
  /// How the value pools over drawings (or any parts) into a corpus figure.
  public let pooling: QualityFigures.Pooling

  public init(
    id: String, name: String, unit: String, group: Group, direction: Direction,
    headline: Bool, precision: Precision, meaning: String, definition: String,
    key: String, pooling: QualityFigures.Pooling
  ) {
    self.id = id
    self.name = name
    self.unit = unit
    self.group = group
    self.direction = direction
    self.headline = headline
    self.precision = precision
    self.meaning = meaning
    self.definition = definition
    self.key = key
    self.pooling = pooling
  }

  /// How much worse a value must be to differ from another: by more than 1 % of the better one
  /// and by more than the unit's floor. The quality gate's default (a regression beyond it
  /// fails) and the sheet's tie rule (values within it are tied).
  public var tolerance: QualityTolerance { Self.tolerance(unit: unit) }

  /// The tolerance of a metric of `unit`: 1 % and a floor of 0.01 px for distances, 0.1° for
  /// angles, 0.01 pushes, 0.1 ms, 0.01 per sample, and 0.001 for anything else (unitless
  /// figures, px², px⁻⁴).
  public static func tolerance(unit: String) -> QualityTolerance {
    let floor: Double
    switch unit {
    case "px": floor = 0.01
    case "°": floor = 0.1
    case "pushes": floor = 0.01
    case "ms": floor = 0.1
    case "per sample": floor = 0.01
    default: floor = 0.001
    }
    return QualityTolerance(relative: 0.01, absolute: floor, source: "default")
  }

  /// The metric's value in `figures`; `nil` is "n/a".
  public func value(in figures: QualityFigures) -> Double? { figures[self] }

  /// The key path of the value in `QualityFigures` (for the pooling rule's table).
  public var figure: WritableKeyPath<QualityFigures, Double?> & Sendable { \QualityFigures.[self] }

  /// True when `a` is strictly better than `b` in this metric's direction (never for
  /// `neutral`).
  public func isBetter(_ a: Double, than b: Double) -> Bool {
    switch direction {
    case .lowerIsBetter: return a < b
    case .higherIsBetter: return a > b
    case .closerToOne: return a > 0 && b > 0 && abs(log(a)) < abs(log(b))
    case .neutral: return false
    }
  }

  /// Positions in `values` holding the best value (ties all marked); empty for `neutral` or
  /// when no value is present.
  public func best(of values: [Double?]) -> [Int] {
    guard direction != .neutral else { return [] }
    var winner: Double?
    for case let v? in values where winner.map({ isBetter(v, than: $0) }) ?? true {
      winner = v
    }
    guard let w = winner else { return [] }
    return values.indices.filter { values[$0].map { !isBetter(w, than: $0) } ?? false }
  }

  public var description: String { id }

  public static func == (a: QualityMetric, b: QualityMetric) -> Bool { a.id == b.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  /// The metric's position in `catalog`, where `QualityFigures` stores its value.
  ///
  /// - Complexity: O(1) on average (one hash of the id).
  public var slot: Int {
    guard let i = Self.slotByID[id] else {
      preconditionFailure("quality metric \(id) is not in QualityMetric.catalog")
    }
    return i
  }

  /// Each catalog metric's position, by id.
  private static let slotByID: [String: Int] = Dictionary(
    uniqueKeysWithValues: catalog.enumerated().map { ($1.id, $0) })

  /// The metric with `id`, if the catalog has one.
  public static func named(_ id: String) -> QualityMetric? { catalog.first { $0.id == id } }

  /// Every metric, grouped (accuracy, ends, smoothness, width, latency, size), each id once.
  public static let catalog: [QualityMetric] =
    accuracyMetrics + endMetrics + smoothnessMetrics + widthMetrics + latencyMetrics
    + predictionMetrics + sizeMetrics
}
