import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFormats
import SigbenchRender
import SigbenchReport
import SigbenchStrategies

/// `sigbench run --corpus DIR`: read, smooth, render, time, report.
struct RunCommand: Command {
  static let spec = CommandSpec(
    name: "run", abstract: "Run every strategy over a corpus and write an HTML comparison sheet.",
    discussion: """
      Reads every file under the corpus folder (unsupported files are skipped with a notice,
      malformed ones rejected with the reason; the run goes on), smooths each stroke through
      each strategy, renders the ink to PNG, times every push, and writes the run to
      <out>/runs/<run-id>/ (result.json, index.html, img/). <out>/latest then points at it.
      """,
    options: [
      OptionSpec("corpus", value: "DIR", help: "Folder (or single file) of recorded strokes."),
      OptionSpec("out", value: "DIR", help: "Folder for runs and baselines.", default: "Reports"),
      OptionSpec(
        "strategies", value: "SPEC",
        help: "Comma-separated strategy specs, e.g. straight,catmull-rom(width=pressure) "
          + "(default: every strategy with default options)."),
      OptionSpec(
        "supersample", value: "N", help: "Supersampling per axis for the ink pictures.",
        default: "2", allowed: ["2", "4"]),
      OptionSpec("size", value: "WxH", help: "Size of each picture in pixels.", default: "360x200"),
      OptionSpec(
        "compare-run", value: "DIR",
        help:
          "A previous run folder (e.g. Reports/latest): compare the ink of every sample with it."),
      OptionSpec("strict", help: "Treat any rejected or skipped file as fatal (exit 4, no run)."),
      OptionSpec("quiet", help: "No progress lines on stderr."),
      OptionSpec("json", help: "Print the run's summary as JSON on stdout."),
    ] + BenchRunSupport.runOptions)

  let corpus: String
  let out: String
  let strategies: [ConfiguredStrategy]
  let renderSpec: RenderSpec
  let strict: Bool
  let json: Bool
  let compareRun: String?
  let arguments: [String]
  let parsed: ParsedArguments  // bench and gate options (BenchRunSupport)

  init(_ a: ParsedArguments) throws {
    parsed = a
    guard let c = a.value("corpus") else { throw ValidationError("Missing '--corpus <DIR>'.") }
    corpus = c
    out = a.value("out")!
    if let text = a.value("strategies") {
      var list = try StrategyCatalog.configureList(text)
      // The reference strategy always runs first: it is every ratio's denominator.
      if !list.contains(where: { $0.id == StrategyCatalog.referenceID }) {
        list.insert(
          try StrategyCatalog.configure(StrategySpec(id: StrategyCatalog.referenceID)), at: 0)
      }
      strategies = list.sorted { a, b in
        let ia = StrategyCatalog.ids.firstIndex(of: a.id)!
        let ib = StrategyCatalog.ids.firstIndex(of: b.id)!
        return ia != ib ? ia < ib : a.label < b.label
      }
    } else {
      strategies = StrategyCatalog.defaults()
    }
    var spec = RenderSpec()
    spec.supersample = Int(a.value("supersample")!)!
    let size = try RunCommand.parseSize(a.value("size")!)
    spec.width = size.0
    spec.height = size.1
    renderSpec = spec
    strict = a.flag("strict")
    json = a.flag("json")
    compareRun = a.value("compare-run")
    arguments = CommandLine.arguments.dropFirst().map { $0 }
  }

  static func parseSize(_ text: String) throws -> (Int, Int) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...4096).contains(w),
      (16...4096).contains(h)
    else {
      throw ValidationError(
        "--size must be WxH with each side a whole number of pixels in 16…4096; got '\(text)'.")
    }
    return (w, h)
  }

  func run(console: Console) throws -> ExitCode {
    let started = Date()
    if BuildConfiguration.isDebug {
      console.err(
        "warning: this is a debug build; latency figures are marked \"debug\" and are not "
          + "representative (build with -c release).")
    }
    // 0. The base run for ink comparison, resolved now (Reports/latest moves during the run).
    let inkBase = try compareRun.map { try RunCommand.loadRun($0) }

    // 1. Corpus.
    let root = URL(fileURLWithPath: corpus)
    let loaded: CorpusLoader.Result
    do {
      loaded = try CorpusLoader().load(root)
    } catch {
      throw CommandFailure(
        .toolError, "cannot read corpus '\(corpus)': \(error.localizedDescription)")
    }
    for s in loaded.skipped { console.note("skipped \(s.file): \(s.reason)") }
    for r in loaded.rejected { console.err("rejected \(r)") }
    if strict && (!loaded.skipped.isEmpty || !loaded.rejected.isEmpty) {
      console.err(
        "Error: --strict: \(loaded.rejected.count) rejected and \(loaded.skipped.count) skipped file(s); "
          + "nothing was run.")
      return .rejectedInputs
    }
    guard !loaded.drawings.isEmpty else {
      throw CommandFailure(.toolError, "no drawings could be read from '\(corpus)'")
    }
    console.note(
      "read \(loaded.drawings.count) drawings from \(loaded.filesRead) files; "
        + "\(strategies.count) strategies")

    // 2. Run folder (built under a hidden name, renamed into place when complete).
    let outURL = URL(fileURLWithPath: out)
    let runID = RunCommand.makeRunID(started)
    let runsURL = outURL.appendingPathComponent("runs")
    let partial = runsURL.appendingPathComponent(".\(runID).partial")
    let final = runsURL.appendingPathComponent(runID)
    try? FileManager.default.removeItem(at: partial)
    try FileManager.default.createDirectory(
      at: partial.appendingPathComponent("img"), withIntermediateDirectories: true)

    // 3. Pictures and per-sample metrics, one drawing per task on every core (each task owns its
    // images; the timing below runs alone afterwards).
    let job = SampleJob(
      images: SampleImages(spec: renderSpec), strategies: strategies, runFolder: partial)
    var entries = try ParallelSamples.run(
      loaded.drawings, formats: loaded.formatIDs, job: job, console: console)
    if let inkBase {
      try InkDiff(baseFolder: inkBase.folder, base: inkBase.result, runFolder: partial)
        .apply(to: &entries)
    }

    // 4. Latency.
    console.note(
      "timing \(strategies.count) strategies over \(loaded.drawings.reduce(0) { $0 + $1.sampleCount }) points"
    )
    // The full per-point benchmark (issue 6): lanes, batches, counters; see BenchRunSupport.
    let (benchReport, latency, benchRaw) = try BenchRunSupport.measure(
      parsed, loaded: loaded, corpus: corpus, strategies: strategies, console: console)
    let calibration = benchReport.timer
    let warnings = benchReport.warnings

    // 5. Result, report, latest.
    let git = GitProvenance.read()
    var formats: [String: Int] = [:]
    for f in loaded.formatIDs { formats[f, default: 0] += 1 }
    var result = RunResult(
      tool: "sigbench \(SigbenchMain.version)", runID: runID,
      createdAt: ISO8601DateFormatter().string(from: started), commandLine: arguments,
      machine: MachineFingerprint.current(),
      provenance: Provenance(
        gitCommit: git.commit, gitDirty: git.dirty,
        corpusChecksum: String(loaded.checksum, radix: 16)),
      corpus: CorpusSummary(
        root: corpus, filesRead: loaded.filesRead, drawings: loaded.drawings.count,
        strokes: loaded.drawings.reduce(0) { $0 + $1.strokes.count },
        points: loaded.drawings.reduce(0) { $0 + $1.sampleCount }, formats: formats,
        skipped: loaded.skipped.map { FileNote(file: $0.file, message: $0.reason) },
        rejected: loaded.rejected.map { FileNote(file: $0.file, message: $0.description) },
        warnings: loaded.warnings.map(\.description)),
      timer: calibration,
      strategies: strategies.map { s in
        StrategyInfo(
          label: s.label, id: s.id,
          options: s.configuration.values.mapValues(\.description))
      },
      latency: latency, samples: entries, warnings: warnings)
    result.inkBaseRun = inkBase?.result.runID
    result.formatStudy = FormatStudyTable.make(
      FormatStudy.run(drawings: loaded.drawings, repetitions: 1), build: BuildConfiguration.current)
    result.bench = benchReport
    // `--baseline NAME`: the gate runs before the sheet is written, so the sheet shows verdicts.
    var gateCode = ExitCode.success
    if let name = parsed.value("baseline") {
      let (code, report) = try BenchRunSupport.gate(
        parsed, name: name, corpus: corpus, console: console)
      gateCode = code
      result.gate = report
    }
    try AtomicFiles.write(try result.encoded(), to: partial.appendingPathComponent("result.json"))
    try BenchPipeline.write(benchReport, raw: benchRaw, to: partial)
    try ReportWriter.write(result, to: partial)
    try AtomicFiles.moveFolder(partial, to: final)
    try AtomicFiles.replaceSymlink(outURL.appendingPathComponent("latest"), target: "runs/\(runID)")

    // 6. Summary.
    let elapsed = Date().timeIntervalSince(started)
    if json {
      console.out(String(decoding: try result.encoded(), as: UTF8.self))
    } else {
      console.out("run \(runID): \(loaded.drawings.count) drawings, \(strategies.count) strategies")
      for l in latency {
        guard let p = l.push else { continue }
        console.out(
          "  \(l.label.padding(toLength: 32, withPad: " ", startingAt: 0)) push p50 "
            + "\(formatNanoseconds(p.p50)), p99 \(formatNanoseconds(p.p99)), max "
            + "\(formatNanoseconds(p.max)) over \(p.count) points (\(l.build))")
      }
      console.out("report: \(final.appendingPathComponent("index.html").path)")
      console.out("latest: \(outURL.appendingPathComponent("latest/index.html").path)")
    }
    console.note(String(format: "done in %.1f s", elapsed))
    let runCode: ExitCode = loaded.rejected.isEmpty ? .success : .rejectedInputs
    return ExitCode.combine([runCode, gateCode])
  }

  /// A run folder and its result, with symlinks resolved.
  static func loadRun(_ path: String) throws -> (folder: URL, result: RunResult) {
    let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    let file = folder.appendingPathComponent("result.json")
    guard let data = try? Data(contentsOf: file) else {
      throw CommandFailure(.toolError, "cannot read \(file.path): not a run folder")
    }
    do { return (folder, try RunResult.decode(data)) } catch {
      throw CommandFailure(.toolError, "\(file.path) is not a sigbench result: \(error)")
    }
  }

  static func makeRunID(_ date: Date) -> String {
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyyMMdd-HHmmss"
    return "\(f.string(from: date))-\(ProcessInfo.processInfo.processIdentifier)"
  }

  /// A file-name-safe form of `text`: letters, digits, `-` and `_`, other runs as one `_`.
  static func slug(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
      if c.isASCII, CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" || c == "." {
        out.unicodeScalars.append(c)
      } else if !out.hasSuffix("_") {
        out += "_"
      }
    }
    return String(out.prefix(80))
  }

  static func entry(
    _ d: Drawing, format: String, raw: String, _ images: [String: String]
  ) -> SampleEntry {
    var meta: [String: String] = ["native units": d.metadata.nativeUnits]
    if let v = d.metadata.source { meta["source"] = v }
    if let v = d.metadata.device { meta["device"] = v }
    if let v = d.metadata.sampleRate { meta["sample rate"] = "\(v) Hz" }
    if let v = d.metadata.licence { meta["licence"] = v }
    if let v = d.metadata.attribution { meta["attribution"] = v }
    if d.metadata.nominalScale { meta["scale"] = "nominal (no physical resolution stated)" }
    if !d.metadata.notes.isEmpty { meta["notes"] = d.metadata.notes.joined(separator: "; ") }
    return SampleEntry(
      name: d.name, format: format, strokes: d.strokes.count, points: d.sampleCount,
      hoverPoints: d.hover.reduce(0) { $0 + $1.samples.count }, timed: d.isTimed,
      hasPressure: !d.strokes.isEmpty && d.strokes.allSatisfy(\.hasPressure), metadata: meta,
      rawImage: raw, images: images)
  }
}
