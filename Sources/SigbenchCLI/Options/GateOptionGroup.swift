import Foundation
import SigbenchArguments
import SigbenchBench
import SigbenchResults
import SigbenchRun

/// The gate's options (`gate`, `run --baseline`), read into a `GateConfiguration` before any
/// work: usage errors first (exit 64), then the baseline, noise floor and base binary are read
/// (exit 5 when missing or unusable).
struct GateOptionGroup {
  static let baseline = Option.text(
    "baseline", value: "NAME",
    help: "Gate against the stored baseline <out>/baselines/NAME.json (run: after the run).")
  static let baseBinary = Option.text(
    "base-binary", value: "PATH", help: "A sigbench binary of the base commit (A/B).")
  static let thresholds = Option.text(
    "thresholds", value: "LIST",
    help: "Per-metric thresholds METRIC=REL%[/ABSns];… (metrics "
      + GateMetric.allCases.map(\.rawValue).joined(separator: ", ") + ").")
  static let alpha = Option<Double>.custom(
    "alpha", value: "P", help: "Significance level after correction, in (0, 1)."
  ) { text in
    guard let v = Double(text), v > 0, v < 1 else {
      throw ValidationError("--alpha must be a number in (0, 1); got '\(text)'.")
    }
    return v
  }.defaulting(to: String(GateSettings.standard.alpha))
  static let correction = Option<MultipleComparisons>.choice(
    "correction", value: "NAME", help: "Multiple-comparison correction."
  ).defaulting(to: GateSettings.standard.correction.rawValue)
  static let seed = Option.seed(
    "seed", help: "Seed of the command's random choices (the same seed, the same choices).")
  static let noiseFloor = Option.text(
    "noise-floor", value: "NAME",
    help: "A/A noise floor <out>/baselines/noise/NAME.json (sigbench baseline noise NAME): "
      + "thresholds become max(configured, 3 x A/A spread).")
  static let qualityTolerances = Option.text(
    "quality-tolerances", value: "LIST",
    help: "Per-metric quality tolerances METRIC=REL%[/ABS];… (ABS in the metric's unit; "
      + "default 1 % and 0.01 px, 0.1°, …; see metrics.html of a run).")
  static let failOnInconclusive = Flag(
    "fail-on-inconclusive", help: "Exit 6 when a timing verdict is inconclusive.")
  static let budgetReportOnly = Flag(
    "budget-report-only",
    help: "Report the ink budget without failing on it (by default a steady p99 over the "
      + "budget fraction of 4.17 ms fails, exit 2).")
  static let budget = Option<Double>.custom(
    "budget", value: "FRACTION", help: "p99 budget as a fraction of the 240 Hz period."
  ) { text in
    guard let v = Double(text), v > 0, v.isFinite else {
      throw ValidationError("--budget must be a positive fraction; got '\(text)'.")
    }
    return v
  }.defaulting(to: String(GateSettings.standard.budgetP99Fraction))

  /// The options every gating command takes (with `--processes` and the counters).
  static let options: [OptionSpec] = [
    BenchOptionGroup.processes(
      default: GateConfiguration.defaultProcesses, range: GateConfiguration.processesRange),
    thresholds.spec, alpha.spec, correction.spec,
    seed.spec.defaultNote("the clock"), noiseFloor.spec, qualityTolerances.spec,
    failOnInconclusive.spec, budgetReportOnly.spec, budget.spec,
  ]

  /// The first gate-only option given (`run` without `--baseline` refuses them).
  static func gateOnlyOptionGiven(_ a: ParsedArguments) -> String? {
    let specs = [
      noiseFloor.spec, thresholds.spec, qualityTolerances.spec, seed.spec,
      failOnInconclusive.spec, budgetReportOnly.spec,
    ]
    return specs.first { a.given($0) }?.long
  }

  let configuration: GateConfiguration

  init(
    _ a: ParsedArguments, bench: BenchOptionGroup, baseline: String?, baseBinary: String?
  ) throws {
    var c = GateConfiguration()
    c.outDir = try a.outFolder()
    c.lanes = bench.lanes
    c.processes = bench.processes ?? GateConfiguration.defaultProcesses
    c.counters = bench.counters
    c.counterPoints = bench.counterPoints
    do {
      if let t = try a.value(Self.thresholds) { try c.settings.applyThresholds(t) }
      if let t = try a.value(Self.qualityTolerances) {
        let known = Dictionary(
          uniqueKeysWithValues: QualityMetric.catalog.filter { $0.direction != .neutral }.map {
            ($0.id, $0.unit)
          })
        try c.settings.applyQualityTolerances(t, known: known)
      }
    } catch let e as ValidationError { throw e } catch {
      throw ValidationError("\(error)")
    }
    c.injection = try a.injection()
    c.settings.alpha = try a.required(Self.alpha)
    c.settings.correction = try a.required(Self.correction)
    c.settings.budgetP99Fraction = try a.required(Self.budget)
    if let v = try a.value(Self.seed) {
      c.orderSeed = v
      c.settings.seed = v
    } else {
      c.orderSeed = UInt64(Date().timeIntervalSince1970 * 1000)
    }
    c.failOnInconclusive = a.flag(Self.failOnInconclusive)
    c.enforceBudget = !a.flag(Self.budgetReportOnly)
    let noiseName = try a.storedName(Self.noiseFloor)
    // Everything the user typed is valid; now what it names must exist (exit 5).
    try c.readInputs(baseline: baseline, baseBinary: baseBinary, noiseFloor: noiseName)
    configuration = c
  }
}
