import SigbenchCore

/// Ink quality of one strategy on one drawing, or (through `aggregate`) of one strategy over a
/// corpus. Definitions are in `QualityMetric.catalog`; this type only holds the values.
///
/// Every figure is optional: `nil` means "n/a" (no truth and no input to compare with, no
/// pressure, no time channel, no ink, no join), never 0. The counts (`samples`, `joins`, …)
/// are real zeros and are also the weights `aggregate` uses.
///
/// Units: distances, gaps, widths and churn in CSS px; areas in px²; angles in degrees;
/// latency in pushes (calls) or ms; curvature variation in px⁻⁴; sizes per input sample.
public struct QualityFigures: Codable, Hashable, Sendable {
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

  // MARK: Accuracy

  /// What the ink was compared with; `nil` when nothing was compared.
  public var reference: AccuracyReference?
  /// Ink → reference distance over the ink, px: mean, p95, max.
  public var accuracyMean: Double?
  public var accuracyP95: Double?
  public var accuracyMax: Double?
  /// Points measured on the ink (one per 1 px of centreline).
  public var accuracyPoints: Int
  /// Reference → ink distance over the reference, px: mean, p95, max (counts missing ink).
  public var reverseAccuracyMean: Double?
  public var reverseAccuracyP95: Double?
  public var reverseAccuracyMax: Double?
  /// Points measured on the reference (one per 1 px).
  public var reverseAccuracyPoints: Int

  // MARK: Ends

  /// Distance from a stroke's first sample to where its ink starts, px: mean and largest over
  /// strokes.
  public var startGapMean: Double?
  public var startGapMax: Double?
  /// Distance from a stroke's last sample to where its ink ends, px: mean and largest.
  public var endGapMean: Double?
  public var endGapMax: Double?
  /// Strokes whose gaps were measured (strokes with ink).
  public var gapStrokes: Int

  // MARK: Smoothness

  /// Tangent turn at joins away from true corners, degrees: p50, p95, max.
  public var turnP50: Double?
  public var turnP95: Double?
  public var turnMax: Double?
  /// Joins away from true corners.
  public var joins: Int
  /// Tangent turn at joins within 2 px of a true corner, degrees: p50, p95, max.
  public var cornerTurnP50: Double?
  public var cornerTurnP95: Double?
  public var cornerTurnMax: Double?
  /// Joins at true corners.
  public var cornerJoins: Int
  /// ∫(dκ/ds)² ds / L over the centreline, px⁻⁴.
  public var curvatureVariation: Double?
  /// The part of `curvatureVariation` away from true corners (same denominator L), px⁻⁴;
  /// the rest arises within 2 px of a true corner.
  public var curvatureVariationAway: Double?

  // MARK: Width

  /// Centreline length over all strokes, px; `nil` without centreline.
  public var inkLength: Double?
  /// Drawn full width along the centreline, px: arc-length mean and standard deviation,
  /// smallest and largest.
  public var widthMean: Double?
  public var widthSD: Double?
  public var widthMin: Double?
  public var widthMax: Double?
  /// ∫ width ds over the centreline, px² (per drawing; aggregated, the mean per drawing).
  public var inkArea: Double?
  /// Spearman rank correlation (−1…1) of drawn width with pen pressure at the samples; only
  /// where the pressure is credible and the width varies.
  public var pressureWidthSpearman: Double?
  /// The pressure finding of the drawing (`nil` when aggregated).
  public var pressure: PressureCredibility?
  /// Drawings whose pressure channel is credible.
  public var pressureCredibleDrawings: Int

  // MARK: Latency and churn

  /// Ink latency in pushes: mean, p95, max over samples.
  public var latencyPushesMean: Double?
  public var latencyPushesP95: Double?
  public var latencyPushesMax: Double?
  /// Ink latency in ms over timed samples: mean, p95, max.
  public var latencyMsMean: Double?
  public var latencyMsP95: Double?
  public var latencyMsMax: Double?
  /// Samples with a time (the weight of the ms figures).
  public var timedSamples: Int
  /// Tentative churn per update, px: mean, p95, max.
  public var churnMean: Double?
  public var churnP95: Double?
  public var churnMax: Double?
  /// Updates measured (every call after a stroke's first).
  public var updates: Int
  /// Pen predictions (`StrokeOutput.prediction`) of strategies that draw ahead of the input:
  /// how far ahead they run, in ms and in px from the sample they were made at, over every
  /// prediction; and how far the predicted point was from where the pen really was at the
  /// predicted time (the samples interpolated linearly), px, over the predictions whose time
  /// the stroke reached. `nil` for strategies that do not predict.
  public var predictionAheadMsMean: Double?
  public var predictionAheadPxMean: Double?
  public var predictionErrorMean: Double?
  public var predictionErrorP95: Double?
  /// Predictions made, and predictions scored (the weights of the figures above).
  public var predictions: Int?
  public var scoredPredictions: Int?

  // MARK: Output size, per input sample

  /// Centreline segments per input sample.
  public var segmentsPerSample: Double?
  /// Fill elements (outline path elements plus discs) per input sample.
  public var fillElementsPerSample: Double?
  /// Fill vertices (points stored in the fill: move and line 1, quadratic 2, cubic 3, close
  /// 0, disc 1) per input sample.
  public var fillVerticesPerSample: Double?
  /// Bytes of the SVG export per input sample; filled by the caller from the SVG writer.
  public var svgBytesPerSample: Double?

  // MARK: Rate stability (aggregated figures only)

  /// Mean width at the highest rate ÷ at the lowest, geometric mean over motions.
  public var rateWidthRatio: Double?
  /// Ink area at the highest rate ÷ at the lowest, geometric mean over motions.
  public var rateAreaRatio: Double?

  public init(
    drawings: Int = 0, strokes: Int = 0, samples: Int = 0, strokesWithoutInk: Int = 0,
    reference: AccuracyReference? = nil, accuracyMean: Double? = nil,
    accuracyP95: Double? = nil, accuracyMax: Double? = nil, accuracyPoints: Int = 0,
    reverseAccuracyMean: Double? = nil, reverseAccuracyP95: Double? = nil,
    reverseAccuracyMax: Double? = nil, reverseAccuracyPoints: Int = 0,
    startGapMean: Double? = nil, startGapMax: Double? = nil, endGapMean: Double? = nil,
    endGapMax: Double? = nil, gapStrokes: Int = 0, turnP50: Double? = nil,
    turnP95: Double? = nil, turnMax: Double? = nil, joins: Int = 0,
    cornerTurnP50: Double? = nil, cornerTurnP95: Double? = nil, cornerTurnMax: Double? = nil,
    cornerJoins: Int = 0, curvatureVariation: Double? = nil,
    curvatureVariationAway: Double? = nil, inkLength: Double? = nil,
    widthMean: Double? = nil, widthSD: Double? = nil, widthMin: Double? = nil,
    widthMax: Double? = nil, inkArea: Double? = nil, pressureWidthSpearman: Double? = nil,
    pressure: PressureCredibility? = nil, pressureCredibleDrawings: Int = 0,
    latencyPushesMean: Double? = nil, latencyPushesP95: Double? = nil,
    latencyPushesMax: Double? = nil, latencyMsMean: Double? = nil, latencyMsP95: Double? = nil,
    latencyMsMax: Double? = nil, timedSamples: Int = 0, churnMean: Double? = nil,
    churnP95: Double? = nil, churnMax: Double? = nil, updates: Int = 0,
    segmentsPerSample: Double? = nil, fillElementsPerSample: Double? = nil,
    fillVerticesPerSample: Double? = nil, svgBytesPerSample: Double? = nil,
    rateWidthRatio: Double? = nil, rateAreaRatio: Double? = nil
  ) {
    self.drawings = drawings
    self.strokes = strokes
    self.samples = samples
    self.strokesWithoutInk = strokesWithoutInk
    self.reference = reference
    self.accuracyMean = accuracyMean
    self.accuracyP95 = accuracyP95
    self.accuracyMax = accuracyMax
    self.accuracyPoints = accuracyPoints
    self.reverseAccuracyMean = reverseAccuracyMean
    self.reverseAccuracyP95 = reverseAccuracyP95
    self.reverseAccuracyMax = reverseAccuracyMax
    self.reverseAccuracyPoints = reverseAccuracyPoints
    self.startGapMean = startGapMean
    self.startGapMax = startGapMax
    self.endGapMean = endGapMean
    self.endGapMax = endGapMax
    self.gapStrokes = gapStrokes
    self.turnP50 = turnP50
    self.turnP95 = turnP95
    self.turnMax = turnMax
    self.joins = joins
    self.cornerTurnP50 = cornerTurnP50
    self.cornerTurnP95 = cornerTurnP95
    self.cornerTurnMax = cornerTurnMax
    self.cornerJoins = cornerJoins
    self.curvatureVariation = curvatureVariation
    self.curvatureVariationAway = curvatureVariationAway
    self.inkLength = inkLength
    self.widthMean = widthMean
    self.widthSD = widthSD
    self.widthMin = widthMin
    self.widthMax = widthMax
    self.inkArea = inkArea
    self.pressureWidthSpearman = pressureWidthSpearman
    self.pressure = pressure
    self.pressureCredibleDrawings = pressureCredibleDrawings
    self.latencyPushesMean = latencyPushesMean
    self.latencyPushesP95 = latencyPushesP95
    self.latencyPushesMax = latencyPushesMax
    self.latencyMsMean = latencyMsMean
    self.latencyMsP95 = latencyMsP95
    self.latencyMsMax = latencyMsMax
    self.timedSamples = timedSamples
    self.churnMean = churnMean
    self.churnP95 = churnP95
    self.churnMax = churnMax
    self.updates = updates
    self.segmentsPerSample = segmentsPerSample
    self.fillElementsPerSample = fillElementsPerSample
    self.fillVerticesPerSample = fillVerticesPerSample
    self.svgBytesPerSample = svgBytesPerSample
    self.rateWidthRatio = rateWidthRatio
    self.rateAreaRatio = rateAreaRatio
  }

  /// Every figure that is present is finite (no NaN or infinity reached a file).
  public var isFinite: Bool {
    QualityMetric.catalog.allSatisfy { $0.value(in: self)?.isFinite ?? true }
      && (inkLength?.isFinite ?? true)
  }
}
