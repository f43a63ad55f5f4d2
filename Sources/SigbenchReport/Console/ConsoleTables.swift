import Foundation
import SigbenchCore
import SigbenchResults

/// The plain-text tables commands print on stdout, from result types only.
public enum ConsoleTables {
  /// `run`: one line per strategy of the smooth lane — all pushes' p50, p99 and max.
  public static func runSummary(_ bench: BenchReport) -> [String] {
    bench.figures.filter { $0.lane == .smooth }.compactMap { f in
      guard let p = f.all else { return nil }
      return "  \(f.strategy.padding(toLength: 32, withPad: " ", startingAt: 0)) push p50 "
        + "\(formatNanoseconds(p.p50)), p99 \(formatNanoseconds(p.p99)), max "
        + "\(formatNanoseconds(p.max)) over \(p.count) points (\(f.build))"
    } + externalLatency(bench) + failedStrategies(bench)
  }

  /// One line per strategy that could not be timed (exit 3), with what happened.
  public static func failedStrategies(_ bench: BenchReport) -> [String] {
    (bench.failedStrategies ?? [:]).sorted { $0.key < $1.key }.map {
      "  \($0.key.padding(toLength: 32, withPad: " ", startingAt: 0)) not timed (exit 3): "
        + ConsoleText.escaped($0.value)
    }
  }

  /// One line per external strategy: its round-trip and self-timed push figures, labelled as
  /// its own lanes (never ranked with the in-process ones).
  public static func externalLatency(_ bench: BenchReport) -> [String] {
    let figures = bench.externalLatency ?? []
    var labels: [String] = []
    for f in figures where !labels.contains(f.strategy) { labels.append(f.strategy) }
    return labels.map { label in
      let mine = figures.filter { $0.strategy == label }
      let who = label.padding(toLength: 32, withPad: " ", startingAt: 0)
      if let why = mine.first?.unavailableReason {
        return "  \(who) external lanes unavailable: \(ConsoleText.escaped(why))"
      }
      let parts = mine.compactMap { f -> String? in
        guard let p = f.push else { return nil }
        return "\(f.lane.rawValue) push p50 \(formatNanoseconds(p.p50)), p99 "
          + "\(formatNanoseconds(p.p99))"
      }
      let count = mine.first?.push?.count ?? 0
      return "  \(who) \(parts.joined(separator: "; ")) over \(count) points (external: its own "
        + "lanes, not ranked)"
    }
  }

  /// `bench`: one line per strategy × lane — the precise per-point figure, p99 and counters.
  public static func benchSummary(_ r: BenchReport) -> [String] {
    var lines: [String] = []
    if r.headline == .medianOverProcesses {
      lines.append("  (median over \(r.processes) processes; min–max in bench.json)")
    }
    for f in r.figures {
      let who = "\(f.strategy) [\(f.lane.rawValue)]".padding(
        toLength: 34, withPad: " ", startingAt: 0)
      var line = "  \(who) batched p50 \(formatNanoseconds(f.batched?.p50 ?? .nan))/pt"
      if let s = f.steady {
        line += ", single p50 \(formatNanoseconds(s.p50)) p99 \(formatNanoseconds(s.p99))"
      }
      if let c = r.counters.first(where: { $0.strategy == f.strategy && $0.lane == f.lane }) {
        line +=
          ", instr/pt "
          + (c.instructionsPerPoint.map { String(format: "%.1f", $0) } ?? "unavailable")
        line +=
          ", allocs/pt "
          + (c.allocationsPerPoint.map { String(format: "%.3f", $0) } ?? "unavailable")
      }
      lines.append(line + " (\(f.build))")
    }
    lines += externalLatency(r) + failedStrategies(r)
    if let f = r.floor {
      lines.append(
        "  \("floor (null smoother) [smooth]".padding(toLength: 34, withPad: " ", startingAt: 0)) "
          + "batched p50 \(formatNanoseconds(f.batchedP50Ns))/pt, single p50 "
          + "\(formatNanoseconds(f.singleP50Ns)) p99 \(formatNanoseconds(f.singleP99Ns))")
    }
    return lines
  }

  /// Warnings of a bench worth a line on stderr (counters, debug build, the test-only knob,
  /// processes at different speeds).
  public static func benchWarnings(_ r: BenchReport) -> [String] {
    let shown: Set<ResultWarning.Kind> = [
      .countersUnavailable, .debugBuild, .injection, .unevenProcesses,
    ]
    return r.warnings.filter { shown.contains($0.kind) }.map { "warning: \($0.text)" }
  }

  /// `baseline noise`: per metric the A/A spread, threshold and minimum detectable change.
  public static func noiseBands(_ bands: [NoiseBand]) -> [String] {
    var lines = [
      "strategy | lane | metric | A/A spread | threshold (source) | min. detectable change"
    ]
    for b in bands {
      lines.append(
        "\(b.strategy) | \(b.lane.rawValue) | \(b.metric.rawValue) | "
          + String(format: "±%.2f %% | %.2f %% ", b.spread * 100, b.threshold * 100)
          + (b.fromNoise ? "(3 x A/A spread)" : "(configured)")
          + String(format: " | +%.2f %%", b.minimumDetectableChange * 100))
    }
    return lines
  }

  /// `info`: one `key: value` per line for a drawing.
  ///
  /// Every text that comes from the file (name, channels, units, notes, warnings) is escaped
  /// (`ConsoleText.escaped`): a newline or control character in it cannot forge a line.
  public static func drawingInfo(_ info: DrawingInfo) -> String {
    let e = ConsoleText.escaped
    var lines: [String] = []
    lines.append("name: \(e(info.name))")
    lines.append("strokes: \(info.strokes) (\(info.samples) samples)")
    lines.append("hover: \(info.hoverStrokes) (\(info.hoverSamples) samples)")
    lines.append("channels: \(e(info.channels.joined(separator: " ")))")
    lines.append(
      "native units: \(e(info.nativeUnits))\(info.nominalScale ? " (nominal scale)" : "")")
    if let r = info.estimatedSampleRate {
      lines.append("estimated sample rate: \(String(format: "%.1f", r)) Hz")
    } else {
      lines.append("estimated sample rate: none (untimed)")
    }
    if let b = info.bounds {
      lines.append(
        String(
          format: "bounds: x %.2f…%.2f, y %.2f…%.2f px (%.2f × %.2f)", b.minX, b.maxX, b.minY,
          b.maxY, b.size.width, b.size.height))
    }
    if let d = info.duration { lines.append(String(format: "duration: %.3f s", d)) }
    for n in info.notes { lines.append("note: \(e(n))") }
    for w in info.warnings { lines.append("warning: \(e(w))") }
    return lines.joined(separator: "\n")
  }
}

extension ConsoleTables {
  /// What `baseline save` prints.
  public static func baselineSaved(_ b: Baseline, at path: String) -> [String] {
    [
      "baseline '\(b.name)' saved: \(path)",
      "  \(b.processes) processes, \(b.replicates.count) metric sets, counters: "
        + (b.counterRun.unavailableReason.map { "unavailable (\($0))" } ?? "measured"),
    ]
  }

  /// What `baseline noise` prints: where the floor went and the bands it implies for a gate
  /// of `perSide` processes per side.
  public static func noiseFloorSaved(
    _ floor: NoiseFloor, at path: String, repetitions: Int, perSide: Int, bands: [NoiseBand]
  ) -> [String] {
    [
      "noise floor '\(floor.name)' saved: \(path)",
      "A/A over \(floor.processes) processes (\(repetitions) timed passes each); "
        + "for a gate of \(perSide) processes per side:",
    ] + noiseBands(bands)
  }

  /// What `baseline ack` prints.
  public static func acknowledged(_ ack: Acknowledgement, in name: String) -> String {
    "acknowledged in '\(name)': \(ack.strategy) \(ack.lane?.rawValue ?? "all lanes") "
      + "\(ack.metric ?? "all metrics"): \(ack.reason)"
  }
}

extension ConsoleTables {
  /// The verdict, a line per question: the best, then those tied with it and the wins by
  /// construction in parentheses.
  public static func verdict(_ v: RunVerdict) -> [String] {
    guard !v.answers.isEmpty else { return [] }
    return ["verdict (ties and wins by construction in parentheses; details on the sheet):"]
      + v.answers.map { a in
        let best = a.best.map { "\($0.strategy) \($0.text)" } ?? "–"
        var notes: [String] = []
        if !a.tied.isEmpty {
          notes.append(
            "tied: " + a.tied.map { "\($0.strategy) \($0.text)" }.joined(separator: ", "))
        }
        if !a.byConstruction.isEmpty {
          notes.append(
            "by construction: "
              + a.byConstruction.map { "\($0.strategy) \($0.text)" }.joined(separator: ", "))
        }
        return "  \(a.question): \(best)"
          + (notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")")
      }
  }

  /// What `run` prints when it is done: the counts, the timing summary, then the answer (the
  /// sheet's verdict, `RunVerdict`, a line per question) right above where the sheet is.
  public static func runDone(_ r: RunResult, report: String, latest: String) -> [String] {
    var lines = [
      "run \(r.runID): \(counted(r.corpus.drawings, "drawing")), "
        + counted(r.strategies.count, "strategy", "strategies")
    ]
    lines += runSummary(r.bench)
    if let t = r.bench.timingSample, !t.isComplete { lines.append("  sampled: \(t.rule)") }
    lines += failedCells(r)
    lines += verdict(RunVerdict.of(r))
    return lines + ["report: \(report)", "latest: \(latest)"]
  }

  /// Cells shown on the console before the rest are summarised.
  static let failedCellLines = 20

  /// The failed cells (`StageFailure`): how many per strategy, then one line each, the first
  /// `failedCellLines` of them; nothing when none failed.
  public static func failedCells(_ r: RunResult) -> [String] {
    let cells = r.failedCells
    guard !cells.isEmpty else { return [] }
    let drawings = r.samples.count
    let counts: [FailedCellCount] = r.failedCellCounts
    var lines = [
      "failed cells: \(cells.count) (exit 3; each is left out of its strategy's figures, "
        + "the run went on): "
        + counts.map { "\($0.who) \($0.count) of \(drawings)" }
        .joined(separator: ", ")
    ]
    lines += cells.prefix(failedCellLines).map { "  " + ConsoleText.escaped($0.text) }
    if cells.count > failedCellLines {
      lines.append(
        "  … and \(cells.count - failedCellLines) more (every one in result.json and on the sheet)")
    }
    return lines
  }
}

extension ConsoleTables {
  /// What `bench` prints when it is done: the summary, the sampling rule, where the results are.
  public static func benchDone(_ r: BenchReport, results: String) -> [String] {
    var lines = benchSummary(r)
    if let t = r.timingSample, !t.isComplete { lines.append("sampled: \(t.rule)") }
    return lines + ["results: \(results)"]
  }
}
