import SigbenchResults

/// The benchmark's Markdown summary (for a CI step summary): per strategy × lane the
/// percentiles, start/steady/finish apart, batched figures, throughput, ratios to the
/// reference, counters, budgets, position deciles, synthetic lengths and the calibration.
public enum BenchMarkdown {
  public static func render(_ r: BenchReport) -> String {
    "## sigbench bench\n\n" + preamble(r) + latencyTable(r) + acrossProcesses(r) + bySpeed(r)
      + throughput(r) + byPosition(r) + counters(r) + calibration(r)
  }

  /// The build and injection notes, the workload and what the figures are.
  static func preamble(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    var o = ""
    if r.figures.contains(where: { $0.build == "debug" }) {
      o += "> **debug build**: every figure below is marked debug and is not representative.\n\n"
    }
    if let inj = r.injection {
      o += "> **Test-only injection active** (`SIGBENCH_INJECT=\(inj.strategy)`): not a real "
      o += "measurement of that strategy.\n\n"
    }
    o +=
      "\(r.corpus.points) points in \(r.corpus.strokes) strokes (\(r.corpus.drawings) drawings), "
    o +=
      "\(r.processes) process(es), \(r.options.repetitions) repetition(s). Steady state = points "
    o += "from index \(r.options.startPoints) on; `single` = one clock bracket per point (includes "
    o += "one clock read, \(F.ns(r.timer.overheadNs))); `batched` = bracket over "
    o += "\(r.options.batchSize) points ÷ \(r.options.batchSize).\n\n"
    if r.headline == .medianOverProcesses {
      o += "Each figure is the **median over the \(r.processes) processes** of that figure in each "
      o += "process; the range over processes follows the table.\n\n"
    }
    return o
  }

  /// Per strategy × lane: batched, steady, start and finish percentiles.
  static func latencyTable(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    var o = ""
    o +=
      "| strategy | lane | figure | p50 | p90 | p99 | p99.9 | max | mean | MAD | n | ×ref p50 |\n"
    o += "|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    for f in r.figures {
      let rows: [(String, LatencySummary?, String)] = [
        ("batched\(f.preferred == "batched" ? " ★" : "")", f.batched, "batch-p50"),
        ("steady single\(f.preferred == "single" ? " ★" : "")", f.steady, "p50"),
        ("start (first \(f.startPoints))", f.start, "start-p50"),
        ("finish", f.finish, "finish-p50"),
        ("finish ÷ stroke points", f.finishPerPoint, "finish-per-point-p50"),
      ]
      for (name, s, key) in rows {
        guard let s else { continue }
        o +=
          "| \(F.cell(f.strategy)) | \(f.lane.rawValue) | \(name) | \(F.ns(s.p50)) | \(F.ns(s.p90)) "
        o +=
          "| \(F.ns(s.p99)) | \(F.ns(s.p999)) | \(F.ns(s.max)) | \(F.ns(s.mean)) | \(F.ns(s.mad)) "
        o +=
          "| \(s.count)\(s.thinPercentiles.isEmpty ? "" : " ⚠") | \(F.ratio(f.ratioToReference[key])) |\n"
      }
    }
    o += "\n★ = the precise per-point figure for that row's strategy and lane. ⚠ = "
    o += "some percentiles rest on fewer than 10 observations beyond them (see warnings).\n\n"
    return o
  }

  /// Per strategy × lane: points per second, the budget and the warm-up.
  static func throughput(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    var o = ""
    o += "### Throughput, budget and warm-up\n\n"
    o +=
      "| strategy | lane | points/s | p99 / 4.17 ms | would drop a sample | warm-up pass medians | settled |\n"
    o += "|---|---|---|---|---|---|---|\n"
    for f in r.figures {
      let tp = f.throughputPointsPerSecond.map { String(Int($0)) } ?? "–"
      let curve = f.warmup.passMedians.map { F.ns($0) }.joined(separator: " → ")
      o += "| \(F.cell(f.strategy)) | \(f.lane.rawValue) | \(tp) "
      o += "| \(F.ratio(f.budget?.p99FractionOfPeriod)) "
      o += "| \(f.budget?.wouldDropSample == true ? "**yes**" : "no") | \(curve) "
      o += "| \(f.warmup.converged ? "yes" : "**no**") |\n"
    }
    return o
  }

  /// Per strategy × lane: latency by position in the stroke and by stroke length.
  static func byPosition(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    var o = ""
    o += "\n### Latency by position (median single bracket)\n\n"
    o += "| strategy | lane | deciles 1–10 of stroke position "
    o += "| synthetic 10 / 100 / 1k / 10k samples: p50 (first tenth → last tenth) "
    o += "| growth per point drawn (longest synthetic) |\n"
    o += "|---|---|---|---|---|\n"
    for f in r.figures {
      let dec = f.deciles.map { F.ns($0) }.joined(separator: ", ")
      let syn = f.synthetic.map {
        "\(F.ns($0.p50)) (\(F.ns($0.firstTenthP50)) → \(F.ns($0.lastTenthP50)))"
      }.joined(separator: " / ")
      let growth = f.synthetic.max { $0.length < $1.length }.map {
        "\(F.signedNs($0.growthPerPointNs)) (\($0.length) samples)"
      }
      o += "| \(F.cell(f.strategy)) | \(f.lane.rawValue) | \(dec) | \(syn.isEmpty ? "–" : syn) "
      o += "| \(growth ?? "–") |\n"
    }
    o += "\nGrowth per point drawn: (last tenth's median − first tenth's) ÷ (0.9 × length), the "
    o += "extra cost of a push per point already in the stroke (about 0 for an O(1) push). "
    o += "`finish ÷ stroke points`: each stroke's finish bracket ÷ its sample count, one value "
    o += "per stroke.\n"
    return o
  }

  /// The callgrind counters, or why they are unavailable.
  static func counters(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    var o = ""
    o += "\n### Counters (callgrind, deterministic)\n\n"
    if let why = r.counterRun.unavailableReason {
      o += "unavailable: \(why)\n\n"
    } else {
      o += "Subset: the corpus's first "
      o += r.counterRun.subsetPoints.sorted { $0.key < $1.key }.map {
        "\($0.value) points (\($0.key))"
      }
      .joined(separator: ", ")
      o += ".\n\n| strategy | lane | instructions/point | steady instr./point | allocations/point "
      o += "| steady allocations | swift_allocObject/point | instr./finish | ×ref instr. |\n"
      o += "|---|---|---|---|---|---|---|---|---|\n"
      for c in r.counters {
        let ref = r.counters.first {
          $0.lane == c.lane && $0.strategyID == r.figures.first?.strategyID
        }
        let ratio = c.instructionsPerPoint.flatMap { a in ref?.instructionsPerPoint.map { a / $0 } }
        o += "| \(F.cell(c.strategy)) | \(c.lane.rawValue) | \(F.count(c.instructionsPerPoint)) "
        o += "| \(F.count(c.steadyInstructionsPerPoint)) | \(F.count(c.allocationsPerPoint)) "
        o += "| \(F.count(c.steadyAllocations.map(Double.init))) "
        o += "| \(F.count(c.swiftAllocObjectPerPoint)) | \(F.count(c.instructionsPerFinish)) "
        o += "| \(F.ratio(ratio)) |\n"
      }
      o += "\n"
    }
    return o
  }

  /// The timer, the harness floor, the machine, provenance and warnings.
  static func calibration(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    var o = ""
    o += "### Calibration and machine\n\n"
    o += "- Timer: \(r.timer.clock); read overhead \(F.ns(r.timer.overheadNs)) (p99 "
    o += "\(F.ns(r.timer.overheadP99Ns))), smallest step \(F.ns(r.timer.smallestStepNs)).\n"
    if let f = r.floor {
      o += "- Floor (a null smoother, no work, through the same driver in the `smooth` lane"
      o += r.processes > 1 ? ", median over processes" : ""
      o += "): steady single p50 \(F.ns(f.singleP50Ns)) (p99 \(F.ns(f.singleP99Ns))), batched "
      o += "p50 \(F.ns(f.batchedP50Ns)); every `smooth` figure includes it.\n"
    }
    let m = r.machine
    o += "- Machine: \(m.cpuModel), \(m.cores) cores, \(m.os), \(m.toolchain), "
    o += "\(m.buildConfiguration) build.\n"
    o += "- Provenance: commit \(r.provenance.commitLabel)"
    o += ", corpus checksum \(r.corpus.checksum), \(r.createdAt).\n"
    for w in r.warnings { o += "- warning: \(w.text)\n" }
    return o
  }

  /// With several processes: the min–max over processes of the headline figures.
  static func acrossProcesses(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    guard r.headline == .medianOverProcesses else { return "" }
    let names = ["batched.p50", "steady.p50", "steady.p99", "finish.p50"]
    var o = "### Range over processes (min – max)\n\n| strategy | lane | "
    o +=
      names.joined(separator: " | ") + " |\n|---|---|"
      + String(repeating: "---|", count: names.count)
    o += "\n"
    for f in r.figures {
      o += "| \(F.cell(f.strategy)) | \(f.lane.rawValue) |"
      for n in names {
        o += f.acrossProcesses?[n].map { " \(F.ns($0.min)) – \(F.ns($0.max)) |" } ?? " – |"
      }
      o += "\n"
    }
    return o + "\n"
  }
}
