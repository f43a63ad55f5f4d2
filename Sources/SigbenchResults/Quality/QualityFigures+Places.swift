// Direct reads and writes for the pooling rule (`Accumulator`), which folds every drawing of a
// corpus under the run's lock: the counts and pooled figures without key paths or hashing.
// `QualityAccumulatorTests` checks these against the key paths of `counts` and
// `pooledFigures`, so a count or figure added there and forgotten here fails a test.

extension QualityFigures {
  /// The count at position `i` of `counts` (`counts[i].figure`).
  func count(at i: Int) -> Int {
    switch i {
    case 0: drawings
    case 1: strokes
    case 2: samples
    case 3: strokesWithoutInk
    case 4: accuracyPoints
    case 5: reverseAccuracyPoints
    case 6: gapStrokes
    case 7: joins
    case 8: cornerJoins
    case 9: pressureCredibleDrawings
    case 10: timedSamples
    case 11: updates
    default: preconditionFailure("no count at \(i): counts has \(QualityFigures.counts.count)")
    }
  }

  /// Adds every count of `p` to this one's (what `counts` lists).
  /// Sets count `i` of `counts` (the codec's reader: no key path to resolve).
  mutating func setCount(_ v: Int, at i: Int) {
    switch i {
    case 0: drawings = v
    case 1: strokes = v
    case 2: samples = v
    case 3: strokesWithoutInk = v
    case 4: accuracyPoints = v
    case 5: reverseAccuracyPoints = v
    case 6: gapStrokes = v
    case 7: joins = v
    case 8: cornerJoins = v
    case 9: pressureCredibleDrawings = v
    case 10: timedSamples = v
    case 11: updates = v
    default: preconditionFailure("no count at \(i): counts has \(QualityFigures.counts.count)")
    }
  }

  mutating func addCounts(_ p: QualityFigures) {
    drawings += p.drawings
    strokes += p.strokes
    samples += p.samples
    strokesWithoutInk += p.strokesWithoutInk
    accuracyPoints += p.accuracyPoints
    reverseAccuracyPoints += p.reverseAccuracyPoints
    gapStrokes += p.gapStrokes
    joins += p.joins
    cornerJoins += p.cornerJoins
    pressureCredibleDrawings += p.pressureCredibleDrawings
    timedSamples += p.timedSamples
    updates += p.updates
  }

  /// The pooled figure at `place`.
  func value(at place: Accumulator.Place) -> Double? {
    switch place {
    case .metric(let slot): slots[slot]
    case .churnMax: churnMax
    case .inkLength: inkLength
    }
  }

  /// Sets the pooled figure at `place`.
  mutating func setValue(_ v: Double?, at place: Accumulator.Place) {
    switch place {
    case .metric(let slot): slots[slot] = v
    case .churnMax: churnMax = v
    case .inkLength: inkLength = v
    }
  }
}
