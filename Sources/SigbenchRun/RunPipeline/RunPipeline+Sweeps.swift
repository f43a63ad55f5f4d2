import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchReport
import SigbenchResults

extension RunPipeline {
  /// A sweep's configurations on its Pareto front of accuracy (`accuracy-mean`) against the
  /// smooth lane's batched p50, or, for a process strategy (no in-process lane), against its
  /// round-trip push p50 (a front of its own); the default configuration is among them when
  /// the grid holds it. Empty without accuracy or timing figures.
  static func front(
    _ sweep: SweepRecord, quality: RunQuality?, figures: [LaneFigures],
    roundTrips: [ExternalLatencyFigures] = []
  ) -> [String] {
    var p50 = Dictionary(
      figures.filter { $0.lane == .smooth }.compactMap { f in
        f.batched.map { (f.strategy, $0.p50) }
      }
    ) { a, _ in a }
    if !sweep.configs.contains(where: { p50[$0] != nil }) {
      p50 = Dictionary(
        roundTrips.filter { $0.lane == .roundTrip }.compactMap { f in
          f.push.map { (f.strategy, $0.p50) }
        }
      ) { a, _ in a }
    }
    let candidates = sweep.configs.compactMap { label -> (String, Double, Double)? in
      guard let x = p50[label],
        let y = quality?.strategies[label].flatMap({ QualityMetric.accuracyMean.value(in: $0) }),
        x.isFinite, y.isFinite
      else { return nil }
      return (label, x, y)
    }
    let onFront = TradeOffSection.paretoFront(candidates.map { (x: $0.1, y: $0.2) })
    return onFront.map { candidates[$0].0 }
  }

  /// The second timing pass of a run with sweeps: each sweep's Pareto front (its swept
  /// configurations were timed in the smooth lane only) timed in the raster lane, with the
  /// reference for its ratios, and counted under callgrind in both lanes when the run counts.
  /// Their raster figures and counters join `report`; the smooth-lane figures stay the first
  /// pass's. Returns the sweeps with their fronts recorded.
  func timeFronts(
    _ sweeps: [SweepRecord], quality: RunQuality?, report: inout BenchReport,
    session: BenchSession, progress: ProgressHandler
  ) throws -> [SweepRecord] {
    let swept = settings.sweptLabels
    var recorded = sweeps
    var chosen: [String] = []
    for i in recorded.indices {
      let front = Self.front(
        recorded[i], quality: quality, figures: report.figures,
        roundTrips: report.externalLatency ?? [])
      recorded[i].front = front
      // A process strategy's configurations have no raster lane or counters to add.
      let timedHere = Set(
        session.strategies.filter { $0.timedInProcess || $0.isLibrary }.map(\.label))
      chosen += front.filter {
        swept.contains($0) && timedHere.contains($0) && !chosen.contains($0)
      }
    }
    guard !chosen.isEmpty else { return recorded }
    progress(
      .note(
        "timing the raster lane and counting the \(chosen.count) configuration"
          + "\(chosen.count == 1 ? "" : "s") on the sweeps' Pareto fronts"))
    let strategies = session.strategies.filter {
      chosen.contains($0.label) || $0.label == StrategyResolver.referenceLabel
    }
    var pipeline = benchPipeline(session.with(strategies: strategies))
    pipeline.options.smoothLaneOnly = nil
    let second = try pipeline.run(progress: progress).report
    let picked = Set(chosen)
    report.figures += second.figures.filter {
      picked.contains($0.strategy) && $0.lane == .smoothRaster
    }
    if report.counterRun.unavailableReason == nil || second.counterRun.unavailableReason == nil {
      report.counters += second.counters.filter { picked.contains($0.strategy) }
    }
    return recorded
  }
}

extension RunPipeline {
  /// The pictures of each sweep's best configurations (`SweepSection.pictured`), which the
  /// first pass measured without drawing: the corpus read again and only they drawn, their
  /// pictures added to each drawing's entry. Nothing without sweeps or pictures.
  func drawBestOfSweeps(
    _ result: inout RunResult, stream: CorpusStream, plan: CorpusStream.Plan, folder: RunFolder
  ) throws {
    let swept = settings.sweptLabels
    guard settings.drawPictures, !swept.isEmpty else { return }
    let best = SweepSection.pictured(result).filter { swept.contains($0) }
    let strategies = settings.strategies.filter { best.contains($0.label) }
    guard !strategies.isEmpty else { return }
    progress(
      .note(
        "drawing the \(strategies.count) best configuration\(strategies.count == 1 ? "" : "s") "
          + "of the sweeps"))
    let job = SampleJob(
      images: SampleImages(spec: settings.render), strategies: strategies,
      runFolder: folder.partial, strict: false, injection: settings.bench.injection)
    var again = stream
    again.spool = nil
    again.studySampleBudget = 0
    let kept = try again.run(
      plan, qualityLabels: [],
      process: { d, index, format in
        .init(entry: try job.run(d, index: index, format: format), quality: [], item: nil)
      }, progress: ignoreProgress)
    for (i, drawn) in kept.entries.enumerated() where result.samples.indices.contains(i) {
      guard result.samples[i].name == drawn.name else { continue }
      result.samples[i].images.merge(drawn.images) { old, _ in old }
      guard var page = result.samples[i].page, let more = drawn.page else { continue }
      page.large.merge(more.large) { old, _ in old }
      page.midStroke.merge(more.midStroke) { old, _ in old }
      page.endCrop.merge(more.endCrop) { old, _ in old }
      page.cornerCrop.merge(more.cornerCrop) { old, _ in old }
      result.samples[i].page = page
    }
  }
}
