import SigbenchBench
import SigbenchReport
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
      timer: TimerCalibration(
        clock: "CLOCK_MONOTONIC", resolutionNs: 1, smallestStepNs: 20, overheadNs: 25,
        overheadP99Ns: 34),
      strategies: [StrategyInfo(label: "straight", id: "straight", options: ["width": "2"])],
      latency: [
        StrategyLatency(
          label: "straight", push: LatencySummary([30, 40, 50]), finish: LatencySummary([10]),
          p50RatioToReference: 1, build: "release")
      ],
      samples: [
        SampleEntry(
          name: name, format: "native", strokes: 1, points: 1, hoverPoints: 0, timed: true,
          hasPressure: true, metadata: ["notes": name], rawImage: "img/0000/raw.png",
          images: ["straight": "img/0000/straight.png"])
      ],
      warnings: ["p99 rests on few points"])
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
    #expect(!html.contains("<script"))
    #expect(!html.contains("http://") && !html.contains("https://"))
  }

  @Test("strings from corpus files are escaped")
  func escaping() {
    let html = IndexPage.render(Self.fixture(name: "<img src=x onerror=alert(1)>"))
    #expect(!html.contains("<img src=x"))
    #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    #expect(escapeHTML("a&b\"'<>") == "a&amp;b&quot;&#39;&lt;&gt;")
    #expect(escapeURLPath("img/a b\"<.png") == "img/a%20b%22%3C.png")
  }

  @Test("the same result gives the same bytes")
  func deterministic() throws {
    let r = Self.fixture()
    #expect(IndexPage.render(r) == IndexPage.render(try RunResult.decode(try r.encoded())))
  }

  @Test("durations are shown with units")
  func durations() {
    #expect(formatNanoseconds(27.4) == "27 ns")
    #expect(formatNanoseconds(1_400) == "1.40 µs")
    #expect(formatNanoseconds(3_200_000) == "3.20 ms")
    #expect(format(2.0, digits: 2) == "2.00")
  }
}
