import SigbenchCore
import SigbenchResults

/// The raw values of one strategy on one drawing, gathered stroke by stroke and then
/// summarised into `QualityFigures` (pooled over the drawing's strokes: every distance point,
/// join, sample and update of the drawing counts once).
struct DrawingTally {
  let pressure: PressureCredibility
  var strokes = 0
  var samples = 0
  var strokesWithoutInk = 0
  var references: [AccuracyReference] = []
  var forward: [Double] = []
  var reverse: [Double] = []
  var startGaps: [Double] = []
  var endGaps: [Double] = []
  var turns: [Double] = []
  var cornerTurns: [Double] = []
  var energy = 0.0
  var energyAway = 0.0
  var centerlineLength = 0.0
  var width = WidthProfile()
  var pressures: [Double] = []
  var drawnWidths: [Double] = []
  var latencyPushes: [Double] = []
  var latencyMs: [Double] = []
  var churn: [Double] = []
  var predictionAheadMs: [Double] = []
  var predictionAheadPx: [Double] = []
  var predictionErrors: [Double] = []
  var predicts = false
  var size = OutputSize()

  init(pressure: PressureCredibility) { self.pressure = pressure }

  /// Adds one stroke: its samples, its trace and its prepared reference (`nil` exactly when
  /// the stroke has no samples).
  ///
  /// - Complexity: O(c + n log n + L) for c chords, n samples and L the length of ink and
  ///   reference.
  mutating func add(
    samples input: [Sample], trace: StrokeTrace, reference: QualityReference.StrokeReference?
  ) {
    strokes += 1
    samples += input.count
    size.add(trace.ink)
    churn += trace.churn
    if !trace.predictions.isEmpty {
      predicts = true
      let p = PredictionAccuracy.measure(trace)
      predictionAheadMs += p.aheadMs
      predictionAheadPx += p.aheadPx
      predictionErrors += p.errors
    }
    guard !input.isEmpty, let reference else { return }
    let shape = InkShape(trace.ink)
    guard !shape.isEmpty else {
      strokesWithoutInk += 1
      return
    }
    references.append(reference.isTruth ? .truth : .inputPolyline)
    let d = CurveAccuracy.distances(ink: shape, reference: reference.accuracy)
    forward += d.inkToReference
    reverse += d.referenceToInk
    if let ends = shape.ends {
      startGaps.append(input[0].point.distance(to: ends.start))
      endGaps.append(input[input.count - 1].point.distance(to: ends.end))
    }
    for join in JoinTurns.joins(shape.segments) {
      if reference.corners.isNear(join.point) {
        cornerTurns.append(join.degrees)
      } else {
        turns.append(join.degrees)
      }
    }
    let e = CurvatureVariation.energy(shape, corners: reference.corners)
    energy += e.total
    energyAway += e.awayFromCorners
    centerlineLength += e.length
    width.add(shape, discs: trace.ink.filledDiscs)
    let projections = SampleProjection.project(input, onto: shape)
    if pressure.isCredible, let projections {
      for (i, s) in input.enumerated() {
        guard let p = s.pressure, p.isFinite else { continue }
        pressures.append(p)
        drawnWidths.append(projections[i].width)
      }
    }
    let latency = InkLatency.measure(trace, projections: projections, shape: shape)
    latencyPushes += latency.pushes
    if let ms = latency.milliseconds { latencyMs += ms }
  }

  /// The drawing's figures.
  var figures: QualityFigures {
    var f = QualityFigures(
      drawings: 1, strokes: strokes, samples: samples, strokesWithoutInk: strokesWithoutInk)
    f.reference = AccuracyReference.combining(references)
    if let s = OrderStatistics(forward) {
      (f[.accuracyMean], f[.accuracyP95], f[.accuracyMax]) = (s.mean, s.p95, s.max)
      f.accuracyPoints = s.count
    }
    if let s = OrderStatistics(reverse) {
      (f[.reverseAccuracyMean], f[.reverseAccuracyP95], f[.reverseAccuracyMax]) = (
        s.mean, s.p95, s.max
      )
      f.reverseAccuracyPoints = s.count
    }
    if let s = OrderStatistics(startGaps) { (f[.startGapMean], f[.startGapMax]) = (s.mean, s.max) }
    if let s = OrderStatistics(endGaps) { (f[.endGapMean], f[.endGapMax]) = (s.mean, s.max) }
    f.gapStrokes = endGaps.count
    if let s = OrderStatistics(turns, withMedian: true) {
      (f[.turnP50], f[.turnP95], f[.turnMax]) = (s.p50, s.p95, s.max)
    }
    f.joins = turns.count
    if let s = OrderStatistics(cornerTurns, withMedian: true) {
      (f[.cornerTurnP50], f[.cornerTurnP95], f[.cornerTurnMax]) = (s.p50, s.p95, s.max)
    }
    f.cornerJoins = cornerTurns.count
    if centerlineLength > 0 {
      f.inkLength = centerlineLength
      f[.curvatureVariation] = energy / centerlineLength
      f[.curvatureVariationAway] = energyAway / centerlineLength
    } else if !references.isEmpty {
      f.inkLength = 0
    }
    if let w = width.figures {
      (f[.widthMean], f[.widthSD], f[.widthMin], f[.widthMax], f[.inkArea]) = w
    }
    f.pressure = pressure
    f.pressureCredibleDrawings = pressure.isCredible ? 1 : 0
    f[.pressureWidthSpearman] = Spearman.correlation(drawnWidths, pressures)
    if let s = OrderStatistics(latencyPushes) {
      (f[.latencyPushesMean], f[.latencyPushesP95], f[.latencyPushesMax]) = (s.mean, s.p95, s.max)
    }
    if let s = OrderStatistics(latencyMs) {
      (f[.latencyMsMean], f[.latencyMsP95], f[.latencyMsMax]) = (s.mean, s.p95, s.max)
      f.timedSamples = s.count
    }
    if let s = OrderStatistics(churn) {
      (f[.churnMean], f[.churnP95], f.churnMax) = (s.mean, s.p95, s.max)
    }
    f.updates = churn.count
    if predicts {
      f.predictions = predictionAheadPx.count
      f.scoredPredictions = predictionErrors.count
      f[.predictionAheadMsMean] = OrderStatistics(predictionAheadMs)?.mean
      f[.predictionAheadPxMean] = OrderStatistics(predictionAheadPx)?.mean
      if let s = OrderStatistics(predictionErrors) {
        (f[.predictionErrorMean], f[.predictionErrorP95]) = (s.mean, s.p95)
      }
    }
    if samples > 0 {
      let n = Double(samples)
      f[.segmentsPerSample] = Double(size.segments) / n
      f[.fillElementsPerSample] = Double(size.fillElements) / n
      f[.fillVerticesPerSample] = Double(size.fillVertices) / n
    }
    return f
  }
}
