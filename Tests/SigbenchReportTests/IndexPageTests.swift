import SigbenchReport
import SigbenchResults
import Testing

@Suite("index page")
struct IndexPageTests {
  static func fixture(name: String = "fixtures/tap.sigbench.json") -> RunResult {
    RunResult(
      tool: "sigbench test", runID: "20260101-000000-1", createdAt: "2026-01-01T00:00:00Z",
      commandLine: ["run", "--corpus", "Corpus/"],
      machine: MachineFingerprint(
        cpuModel: "Test CPU", cores: 2, os: "Debian", toolchain: "Swift 6.3+",
        buildConfiguration: "release"),
      provenance: Provenance(gitCommit: "abc", gitDirty: false, corpusChecksum: "ff"),
      corpus: CorpusSummary(
        root: "Corpus/", filesRead: 1, drawings: 1, strokes: 1, points: 1, formats: ["native": 1],
        skipped: [FileNote(file: "a.xyz", message: "no reader for this file type")],
        rejected: [FileNote(file: "b.sigbench.json", message: "line 3: x must be finite")],
        warnings: []),
      strategies: [StrategyInfo(label: "straight", id: "straight", options: ["width": "2"])],
      samples: [
        SampleEntry(
          name: name, format: "native", strokes: 1, points: 1, hoverPoints: 0, timed: true,
          hasPressure: true, metadata: ["notes": name], rawImage: "img/0000/raw.png",
          images: ["straight": "img/0000/straight.png"])
      ],
      bench: bench())
  }

  /// A one-strategy benchmark: push figures 30, 40 and 50 ns, one finish of 10 ns.
  static func bench() -> BenchReport {
    let timer = TimerCalibration(
      clock: "CLOCK_MONOTONIC", resolutionNs: 1, smallestStepNs: 20, overheadNs: 25,
      overheadP99Ns: 34)
    let figure = LaneFigures(
      strategy: "straight", strategyID: "straight", lane: .smooth, build: "release",
      preferred: "single", steady: LatencySummary([30, 40, 50]), start: nil, startPoints: 8,
      all: LatencySummary([30, 40, 50]), finish: LatencySummary([10]),
      batched: LatencySummary([20]), batchSize: 16, throughputPointsPerSecond: 2.5e7,
      deciles: [Double?](repeating: nil, count: 10), synthetic: [],
      warmup: WarmupReport(discardedPasses: 1, passMedians: [40], converged: true, tolerance: 0.01),
      budget: nil, ratioToReference: ["p50": 1], injectedSpins: 0)
    return BenchReport(
      tool: "sigbench test", createdAt: "2026-01-01T00:00:00Z",
      machine: MachineFingerprint(
        cpuModel: "Test CPU", cores: 2, os: "Debian", toolchain: "Swift 6.3+",
        buildConfiguration: "release"),
      provenance: Provenance(gitCommit: "abc", gitDirty: false, corpusChecksum: "ff"),
      corpus: BenchCorpusInfo(root: "Corpus/", drawings: 1, strokes: 1, points: 1, checksum: "ff"),
      timer: timer, options: BenchOptions(), processes: 1, figures: [figure], replicates: [],
      counters: [],
      counterRun: CounterRunInfo(
        tool: "callgrind", command: "", subsetPoints: [:], startPoints: 8,
        unavailableReason: "not measured (--no-counters)"),
      injection: nil, warnings: [ResultWarning(.other, text: "p99 rests on few points")])
  }

  @Test("files not used and reader warnings: the first 100 of each listed, the rest counted")
  func boundedFileNotes() {
    var r = Self.fixture()
    r.corpus.warnings = (0..<250).map { "w\($0).txt: line 2: repaired" }
    r.corpus.rejected = (0..<150).map { FileNote(file: "r\($0).txt", message: "bad") }
    let html = IndexPage.render(r)
    #expect(html.contains("Reader warnings (250)"))
    #expect(html.contains("<li>w99.txt: line 2: repaired</li>"))
    #expect(!html.contains("w100.txt"))
    #expect(html.contains("… and 150 more: every one is in <code>result.json</code>"))
    #expect(html.contains("<code>r99.txt</code>"))
    #expect(!html.contains("r100.txt"))
    #expect(!html.contains("a.xyz"))  // the one skipped file comes after the 150 rejected
    #expect(html.contains("… and 51 more"))
    var few = Self.fixture()
    few.corpus.warnings = ["only.txt: line 1: repaired"]
    #expect(!IndexPage.render(few).contains("more: every one is in"))
    #expect(IndexPage.render(few).contains("a.xyz"))
  }

  @Test("the page lists the run, the latency table and one image per strategy and sample")
  func content() {
    let html = IndexPage.render(Self.fixture())
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<table>"))
    #expect(html.contains("src=\"img/0000/raw.png\""))
    #expect(html.contains("src=\"img/0000/straight.png\""))
    #expect(html.contains("40 ns"))  // p50 of [30, 40, 50]
    #expect(html.contains("rejected <code>b.sigbench.json</code>"))
    #expect(html.contains("skipped <code>a.xyz</code>"))
    #expect(html.contains("Warning: p99 rests on few points"))
    // One inline script (legend toggle, sortable tables), admitted by its hash: PageScriptTests.
    #expect(html.components(separatedBy: "<script>").count == 2)
    #expect(!html.contains("http://") && !html.contains("https://"))
  }

  @Test("strings from corpus files are escaped")
  func escaping() {
    let html = IndexPage.render(Self.fixture(name: "<img src=x onerror=alert(1)>"))
    #expect(!html.contains("<img src=x"))
    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    #expect(escapeHTML("a&b\"'<>") == "a&amp;b&quot;&#39;&lt;&gt;")
    // A right-to-left override in a file name cannot reorder the page: it shows as an escape.
    #expect(escapeHTML("gpj.\u{202E}exe\u{1B}") == "gpj.\\u{202E}exe\\u{1B}")
    #expect(escapeURLPath("img/a b\"<.png") == "img/a%20b%22%3C.png")
  }

  @Test("the same result gives the same bytes")
  func deterministic() throws {
    let r = Self.fixture()
    #expect(IndexPage.render(r) == IndexPage.render(try RunResult.decode(try r.encoded())))
  }

  @Test("sample rates are binned to whole Hz with counts; untimed and unstated apart")
  func rateBins() {
    var r = Self.fixture()
    let base = r.samples[0]
    r.samples = [100.00000000009095, 99.9999, 120, nil, nil].enumerated().map { i, rate in
      var s = base
      s.name = "s\(i)"
      s.sampleRate = rate
      s.metadata = [:]
      s.timed = i != 4
      return s
    }
    #expect(
      IndexPage.sampleRates(r)
        == "100 Hz: 2 drawings; 120 Hz: 1; timed, rate not stated: 1; untimed: 1")
    // Older results carry the rate only as metadata text.
    r.samples[2].sampleRate = nil
    r.samples[2].metadata["sample rate"] = "120.00000000001 Hz"
    #expect(IndexPage.sampleRates(r).hasPrefix("100 Hz: 2 drawings; 120 Hz: 1;"))
  }

  @Test("durations are shown with units")
  func durations() {
    #expect(formatNanoseconds(27.4) == "27 ns")
    #expect(formatNanoseconds(1_400) == "1.40 µs")
    #expect(formatNanoseconds(3_200_000) == "3.20 ms")
    #expect(format(2.0, digits: 2) == "2.00")
  }
}
