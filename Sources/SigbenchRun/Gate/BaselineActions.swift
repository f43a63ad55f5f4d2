import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchResults

/// `baseline save | noise | ack` as library code: measure with the gate's worker profile and
/// store the figures under `<out>/baselines/`, atomically.
public struct BaselineActions: Sendable {
  public var store: BaselineStore

  public init(out: String) { store = BaselineStore(out: out) }

  /// Largest baseline read (`InputEnvelope.baselineFileBytes`).
  static let fileLimit = Int(InputEnvelope.baselineFileBytes.value)

  /// The gate workers' options for `session` (`save` and `noise` measure alike).
  public static func workerOptions(
    _ session: BenchSession, lanes: [BenchLane], injection: Injection?
  ) -> BenchOptions {
    var options = BenchOptions.gateWorker
    options.repetitions = BenchOptions.gateRepetitions(points: session.corpus.points)
    options.lanes = lanes
    options.injection = injection
    return options
  }

  /// Measures `processes` workers (and the counters) and writes baseline `name`; returns it,
  /// where it went and how many acknowledgements of the file it replaced were dropped.
  public func save(
    _ name: String, session: BenchSession, options: BenchOptions, processes: Int,
    counters: Bool, counterPoints: Int, progress: ProgressHandler
  ) throws -> (baseline: Baseline, url: URL, droppedAcknowledgements: Int) {
    let pipeline = BenchPipeline(
      session: session, options: options, processes: processes, counters: counters,
      counterPoints: counterPoints, injection: options.injection)
    let (report, _) = try pipeline.run(progress: progress)
    let url = store.url(name)
    var baseline = Baseline(
      name: name, createdAt: report.createdAt, tool: report.tool, machine: report.machine,
      provenance: report.provenance, corpus: report.corpus, timer: report.timer,
      processes: report.processes, strategies: session.strategies.map(\.label),
      lanes: options.lanes, replicates: report.replicates, counters: report.counters,
      counterRun: report.counterRun, acknowledgements: [], injection: report.injection)
    progress(.note("measuring quality"))
    baseline.quality = try QualityRun.measure(session.drawings, strategies: session.strategies)
    let external = session.fromManifests.compactMap { s in s.origin.external.map { (s.label, $0) } }
    baseline.external = external.isEmpty ? nil : Dictionary(uniqueKeysWithValues: external)
    let dropped = try store.locked {
      let old =
        (try? Baseline.decode(BoundedRead.data(url, limit: Self.fileLimit)))?.acknowledgements
        .count ?? 0
      try AtomicFiles.write(try baseline.encoded(), to: url)
      return old
    }
    return (baseline, url, dropped)
  }

  /// Measures an A/A noise floor: the timing workers of `save`, without counters.
  public func noise(
    _ name: String, session: BenchSession, options: BenchOptions, processes: Int,
    progress: ProgressHandler
  ) throws -> (floor: NoiseFloor, url: URL) {
    let pipeline = BenchPipeline(
      session: session, options: options, processes: processes, counters: false)
    let (report, _) = try pipeline.run(progress: progress)
    let floor = NoiseFloor(
      name: name, createdAt: report.createdAt, tool: report.tool, machine: report.machine,
      provenance: report.provenance, corpus: report.corpus, processes: report.processes,
      repetitions: options.repetitions, replicates: report.replicates)
    let url = store.noiseURL(name)
    try store.locked { try AtomicFiles.write(try floor.encoded(), to: url) }
    return (floor, url)
  }

  /// The thresholds and minimum detectable changes `floor` implies for a gate of `perSide`
  /// processes per side with the default settings.
  public static func bands(_ floor: NoiseFloor, perSide: Int) -> [NoiseBand] {
    floor.bands(perSide: perSide, settings: GateSettings.standard)
  }

  /// Records `acknowledgement` in baseline `name` (which must exist and be readable).
  public func acknowledge(_ name: String, _ acknowledgement: Acknowledgement) throws -> URL {
    let url = store.url(name)
    try store.locked {
      var b = try GateInputs.baseline(name, out: store.out)
      b.acknowledgements.append(acknowledgement)
      try AtomicFiles.write(try b.encoded(), to: url)
    }
    return url
  }

  /// One line per stored baseline: name, date, commit, processes, strategies, acknowledgements,
  /// and whether this machine (and, given its checksum, a corpus) can use its timing.
  public func list(corpusChecksum checksum: String?) -> [String] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: store.folder.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted()
    let here = MachineFingerprint.current()
    return names.map { n in
      guard
        let b = try? Baseline.decode(
          BoundedRead.data(store.folder.appendingPathComponent(n), limit: Self.fileLimit))
      else { return "\(n): unreadable" }
      var line =
        "\(b.name)  \(b.createdAt)  commit \(b.provenance.commitLabel)"
      line += "  \(b.processes) processes, \(b.strategies.count) strategies"
      if !b.acknowledgements.isEmpty { line += ", \(b.acknowledgements.count) acknowledged" }
      if let c = checksum {
        line +=
          "  timing: "
          + (b.timingIncompatibility(machine: here, corpusChecksum: c).map {
            "incompatible (\($0))"
          } ?? "usable")
      } else {
        line += "  machine: " + (b.machine == here ? "same" : "different")
      }
      return line
    }
  }
}
