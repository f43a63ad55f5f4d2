// Whether a pressure channel carries real pen force: a port of the one rule in
// Sources/SigbenchCore/PressureCredibility.swift (the quality metrics and the strategies use
// that one). Same order, same constants, values compared exactly. Tested against the Swift
// rule on the same samples (Tests/SigbenchCLITests/CaptureCredibilityTests.swift).
"use strict";

const PressureRule = Object.freeze({
  minimumSamples: 8,
  dominantShare: 0.9,
  maximumRequiredLevels: 8,
  minimumRange: 0.02,

  /** Distinct levels a credible channel of n samples needs: min(8, ceil(n / 2)). */
  requiredLevels(n) {
    return Math.min(this.maximumRequiredLevels, Math.floor((n + 1) / 2));
  },

  /**
   * Applies the rule to `pressures`, one entry per sample: a number, or null/undefined when
   * the sample has none. Returns the finding with the figures behind it.
   */
  assess(pressures) {
    const total = pressures.length;
    const v = pressures.filter((p) => typeof p === "number" && Number.isFinite(p));
    v.sort((a, b) => a - b);
    const n = v.length;
    const result = {
      finding: "credible", samples: total, samplesWithPressure: n, distinctLevels: 0,
      mostFrequentValue: null, mostFrequentShare: null, minimum: null, maximum: null,
    };
    if (n === 0) {
      result.finding = "absent";
      return result;
    }
    let levels = 0, bestValue = v[0], bestRun = 0, run = 0;
    for (let i = 0; i < n; i++) {
      if (i === 0 || v[i] !== v[i - 1]) {
        levels += 1;
        run = 0;
      }
      run += 1;
      if (run > bestRun) {
        bestRun = run;
        bestValue = v[i];
      }
    }
    result.distinctLevels = levels;
    result.mostFrequentValue = bestValue;
    result.mostFrequentShare = bestRun / n;
    result.minimum = v[0];
    result.maximum = v[n - 1];
    if (n < total) result.finding = "partial";
    else if (n < this.minimumSamples) result.finding = "too-few-samples";
    else if (levels === 1) result.finding = "constant";
    else if (bestRun >= this.dominantShare * n) result.finding = "dominant-value";
    else if (levels < this.requiredLevels(n)) result.finding = "few-levels";
    else if (v[n - 1] - v[0] < this.minimumRange) result.finding = "narrow-range";
    return result;
  },
});
