import SigbenchCore

/// Ink quality of one strategy on one drawing, or (through `aggregate`) of one strategy over a
/// corpus. Definitions are in `QualityMetric.catalog`; this type only holds the values: the
/// counts the metrics are taken over (also the pooling weights), a few figures no metric shows,
/// and every metric's value, read and written as `figures[.accuracyMean]` and stored under the
/// metric's `key` (so a new metric needs no stored property here).
///
/// Every figure is optional: `nil` means "n/a" (no truth and no input to compare with, no
/// pressure, no time channel, no ink, no join), never 0. The counts (`samples`, `joins`, …)
/// are real zeros and are also the weights `aggregate` uses.
///
/// Units: distances, gaps, widths and churn in CSS px; areas in px²; angles in degrees;
/// latency in pushes (calls) or ms; curvature variation in px⁻⁴; sizes per input sample.
public struct QualityFigures: Hashable, Sendable {
  // MARK: Counts (also the aggregation weights)

  /// Drawings measured (1 for one drawing).
  public var drawings: Int
  /// Ink strokes measured.
  public var strokes: Int
  /// Input samples over those strokes.
  public var samples: Int
  /// Strokes with samples for which the strategy drew nothing at all (no centreline, outline
  /// or disc); their accuracy is left out, so a value above 0 is a finding on its own.
  public var strokesWithoutInk: Int
  /// Points measured on the ink (one per 1 px of centreline): the accuracy figures' weight.
  public var accuracyPoints: Int
  /// Points measured on the reference (one per 1 px): the coverage figures' weight.
  public var reverseAccuracyPoints: Int
  /// Strokes whose gaps were measured (strokes with ink).
  public var gapStrokes: Int
  /// Joins away from true corners.
  public var joins: Int
  /// Joins at true corners.
  public var cornerJoins: Int
  /// Drawings whose pressure channel is credible.
  public var pressureCredibleDrawings: Int
  /// Samples with a time (the weight of the ms latency figures).
  public var timedSamples: Int
  /// Updates measured (every call after a stroke's first): the churn figures' weight.
  public var updates: Int
  /// Pen predictions made, and predictions scored (the weights of the prediction figures);
  /// `nil` for strategies that do not predict.
  public var predictions: Int?
  public var scoredPredictions: Int?

  // MARK: Findings

  /// What the ink was compared with; `nil` when nothing was compared.
  public var reference: AccuracyReference?
  /// The pressure finding of the drawing (`nil` when aggregated).
  public var pressure: PressureCredibility?

  // MARK: Figures no metric shows

  /// Centreline length over all strokes, px (the weight of the width and curvature figures);
  /// `nil` without centreline.
  public var inkLength: Double?
  /// The largest tentative churn of an update, px.
  public var churnMax: Double?

  // MARK: Metric values

  /// Metric values by position in `QualityMetric.catalog` (`QualityMetric.slot`); `nil` is
  /// "n/a". An array, not a dictionary by key, so the pooling rule reads them without hashing.
  var slots: [Double?]

  public init(
    drawings: Int = 0, strokes: Int = 0, samples: Int = 0, strokesWithoutInk: Int = 0,
    accuracyPoints: Int = 0, reverseAccuracyPoints: Int = 0, gapStrokes: Int = 0,
    joins: Int = 0, cornerJoins: Int = 0, pressureCredibleDrawings: Int = 0,
    timedSamples: Int = 0, updates: Int = 0, predictions: Int? = nil,
    scoredPredictions: Int? = nil, reference: AccuracyReference? = nil,
    pressure: PressureCredibility? = nil, inkLength: Double? = nil, churnMax: Double? = nil,
    _ metrics: KeyValuePairs<QualityMetric, Double?> = [:]
  ) {
    self.drawings = drawings
    self.strokes = strokes
    self.samples = samples
    self.strokesWithoutInk = strokesWithoutInk
    self.accuracyPoints = accuracyPoints
    self.reverseAccuracyPoints = reverseAccuracyPoints
    self.gapStrokes = gapStrokes
    self.joins = joins
    self.cornerJoins = cornerJoins
    self.pressureCredibleDrawings = pressureCredibleDrawings
    self.timedSamples = timedSamples
    self.updates = updates
    self.predictions = predictions
    self.scoredPredictions = scoredPredictions
    self.reference = reference
    self.pressure = pressure
    self.inkLength = inkLength
    self.churnMax = churnMax
    slots = Array(repeating: nil, count: QualityMetric.catalog.count)
    for (metric, value) in metrics { self[metric] = value }
  }

  /// The value of `metric`; `nil` is "n/a". Setting `nil` removes it.
  ///
  /// - Complexity: O(1) on average (one hash of the metric's id).
  public subscript(metric: QualityMetric) -> Double? {
    get { slots[metric.slot] }
    set { slots[metric.slot] = newValue }
  }

  /// Every figure that is present is finite (no NaN or infinity reached a file).
  public var isFinite: Bool {
    slots.allSatisfy { $0?.isFinite ?? true } && (inkLength?.isFinite ?? true)
      && (churnMax?.isFinite ?? true)
  }
}
