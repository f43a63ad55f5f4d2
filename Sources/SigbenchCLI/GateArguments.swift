import Foundation
import SigbenchResults
import SigbenchRun

/// The gate's options parsed and checked before any work: usage errors first (exit 64), then
/// the baseline, noise floor and base binary read (exit 5 when missing or unusable).
enum GateArguments {
  static func configuration(
    _ a: ParsedArguments, baseline: String?, baseBinary: String?, corpusPoints: Int? = nil
  ) throws -> GateConfiguration {
    var c = GateConfiguration()
    c.outDir = a.value("out") ?? "Reports"
    do {
      c.lanes = try BenchLane.parseList(a.value("lanes") ?? OptionGroups.lanes.defaultValue!)
      if let t = a.value("thresholds") { try c.settings.applyThresholds(t) }
      if let t = a.value("quality-tolerances") {
        let known = Dictionary(
          uniqueKeysWithValues: QualityMetric.catalog.filter { $0.direction != .neutral }.map {
            ($0.id, $0.unit)
          })
        try c.settings.applyQualityTolerances(t, known: known)
      }
    } catch {
      throw ValidationError(error.description)
    }
    c.injection = try a.injection()
    c.processes = try a.integer("processes", GateConfiguration.processesRange)
    c.counterPoints = try a.integer("counter-points", BenchRunSettings.counterPointsRange)
    guard let alpha = Double(a.value("alpha") ?? ""), alpha > 0, alpha < 1 else {
      throw ValidationError("--alpha must be a number in (0, 1); got '\(a.value("alpha") ?? "")'.")
    }
    c.settings.alpha = alpha
    c.settings.correction = MultipleComparisons(rawValue: a.value("correction") ?? "")!
    guard let budget = Double(a.value("budget") ?? ""), budget > 0, budget.isFinite else {
      throw ValidationError(
        "--budget must be a positive fraction; got '\(a.value("budget") ?? "")'.")
    }
    c.settings.budgetP99Fraction = budget
    if let s = a.value("seed") {
      guard let v = UInt64(s) else {
        throw ValidationError("--seed must be a whole number ≥ 0; got '\(s)'.")
      }
      c.orderSeed = v
      c.settings.seed = v
    } else {
      c.orderSeed = UInt64(Date().timeIntervalSince1970 * 1000)
    }
    c.failOnInconclusive = a.flag("fail-on-inconclusive")
    c.enforceBudget = !a.flag("budget-report-only")
    c.counters = !a.flag("no-counters")
    let noiseName = try a.storedName("noise-floor")
    // Everything the user typed is valid; now what it names must exist.
    do {
      if let b = baseline { c.baseline = try GateInputs.baseline(b, out: c.outDir) }
      c.baselineName = baseline
      if let bin = baseBinary { c.baseBinary = try GateInputs.baseBinary(bin) }
      if let n = noiseName { c.noiseFloor = try GateInputs.noiseFloor(n, out: c.outDir) }
    } catch {
      throw CommandFailure(.baselineUnusable, error.message)
    }
    return c
  }
}
