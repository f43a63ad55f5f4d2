import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Runs the built `sigbench` binary (next to the test bundle in .build/<config>/) as a user
/// would, and checks stdout, stderr, exit codes and the files it writes.
@Suite("end to end", .serialized)
struct EndToEndTests {
  struct Outcome {
    var code: Int32
    var stdout: String
    var stderr: String
  }

  static var binary: URL {
    if let p = getenvString("SIGBENCH_BIN") { return URL(fileURLWithPath: p) }
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if dir.path.hasSuffix(".xctest/Contents/MacOS") {
      dir = dir.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
    let candidate = dir.appendingPathComponent("sigbench")
    if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    return packageRootURL().appendingPathComponent(".build/debug/sigbench")
  }

  /// Runs the binary (or `executable`) with `args`, in `cwd` when given, with `environment`
  /// changes (a nil value removes the variable).
  static func run(
    _ args: [String], cwd: URL? = nil, environment: [String: String?] = [:],
    executable: URL? = nil
  ) throws -> Outcome {
    let p = Process()
    p.executableURL = executable ?? binary
    p.arguments = args
    if let cwd { p.currentDirectoryURL = cwd }
    if !environment.isEmpty {
      var env = ProcessInfo.processInfo.environment
      for (k, v) in environment { env[k] = v }
      p.environment = env
    }
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return Outcome(
      code: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
      stderr: String(decoding: e, as: UTF8.self))
  }

  static func tempFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("the binary exists (build it with `swift build` before `swift test`)")
  func binaryExists() {
    #expect(
      FileManager.default.isExecutableFile(atPath: Self.binary.path),
      "no sigbench binary at \(Self.binary.path)")
  }

  @Test("run on Corpus/fixtures writes one PNG per strategy × sample, JSON and HTML, exit 0")
  func runBundledCorpus() throws {
    let out = try Self.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    // The edge-case fixtures: this checks the pipeline end to end; the whole bundled corpus
    // (with the 108 synthetic files) is run by scripts/check-report.sh before the tests.
    let corpus = packageRootURL().appendingPathComponent("Corpus/fixtures").path
    let r = try Self.run(["run", "--corpus", corpus, "--out", out.path, "--quiet"])
    #expect(r.code == 0, "stderr: \(r.stderr)")
    let latest = out.appendingPathComponent("latest")
    let dest = try FileManager.default.destinationOfSymbolicLink(atPath: latest.path)
    #expect(dest.hasPrefix("runs/"))
    let data = try Data(contentsOf: latest.appendingPathComponent("result.json"))
    let result = try RunResult.decode(data)
    #expect(result.samples.count == result.corpus.drawings)
    #expect(result.samples.count >= 9)
    #expect(result.strategies.first?.label == "straight")
    for s in result.samples {
      #expect(s.images.count == result.strategies.count)
      for path in [s.rawImage] + s.images.values {
        let png = try Data(contentsOf: latest.appendingPathComponent(path))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(path) is not a PNG")
      }
    }
    for f in result.bench.figures where f.lane == .smooth {
      let push = try #require(f.all)
      #expect(push.count == result.corpus.points)
      #expect(push.p50 > 0 && push.p50 <= push.p99 && push.p99 <= push.max)
    }
    let html = try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<table>"))
    #expect(html.contains("<svg"))
    // Every sample has its own page, linked from the index, and every image it shows exists.
    for s in result.samples {
      let page = try #require(s.page)
      #expect(html.contains("href=\"\(page.path)\""))
      let pageHTML = try String(
        contentsOf: latest.appendingPathComponent(page.path), encoding: .utf8)
      #expect(pageHTML.contains("<h1>\(s.name)</h1>"))
      for path in [page.rawOverlay] + Array(page.large.values) + Array(page.midStroke.values)
        + Array(page.endCrop.values) + Array(page.cornerCrop.values)
      {
        #expect(
          FileManager.default.fileExists(atPath: latest.appendingPathComponent(path).path),
          "\(path)")
      }
      #expect(page.metrics.count == result.strategies.count)
    }
    // `report` rebuilds the same page byte for byte from result.json.
    let rebuilt = try Self.run(["report", latest.path])
    #expect(rebuilt.code == 0, "\(rebuilt.stderr)")
    #expect(
      try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8) == html)
    // No partial folders or temporary files are left behind.
    let runs = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("runs").path)
    #expect(runs.allSatisfy { !$0.hasPrefix(".") }, "\(runs)")
  }

  @Test("a malformed file is rejected with file and place, the rest still runs, exit 4")
  func rejectedInput() throws {
    let dir = try Self.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = dir.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let fixture = packageRootURL().appendingPathComponent(
      "Corpus/fixtures/straight-line.sigbench.json")
    try FileManager.default.copyItem(
      at: fixture, to: corpus.appendingPathComponent("good.sigbench.json"))
    var bad = try String(contentsOf: fixture, encoding: .utf8)
    bad = bad.replacingOccurrences(of: "\"channels\": [\"x\"", with: "\"channels\": [\"q\"")
    try bad.write(
      to: corpus.appendingPathComponent("bad.sigbench.json"), atomically: true, encoding: .utf8)
    try "x".write(to: corpus.appendingPathComponent("notes.xyz"), atomically: true, encoding: .utf8)
    let r = try Self.run([
      "run", "--corpus", corpus.path, "--no-counters", "--out",
      dir.appendingPathComponent("out").path,
    ])
    #expect(r.code == 4, "stderr: \(r.stderr)")
    #expect(r.stderr.contains("rejected bad.sigbench.json: $.channels: channels must be"))
    #expect(r.stderr.contains("skipped notes.xyz: no reader"))
    #expect(r.stdout.contains(": 1 drawing, "))
    let strict = try Self.run(
      [
        "run", "--corpus", corpus.path, "--no-counters", "--out",
        dir.appendingPathComponent("out2").path,
        "--strict",
      ])
    #expect(strict.code == 4)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out2/latest").path))
  }

  @Test("usage errors exit 64 with an Error line, the usage and a hint")
  func usageErrors() throws {
    let bad = try Self.run(["run", "--corpus", "Corpus", "--strategies", "straigth"])
    #expect(bad.code == 64)
    #expect(bad.stderr.contains("Error: unknown strategy 'straigth'. Did you mean 'straight'?"))
    #expect(bad.stderr.contains("Usage: sigbench run"))
    #expect(bad.stderr.contains("See 'sigbench help run'"))
    let option = try Self.run(["run", "--corpus", "Corpus", "--strategies", "straight(size=-1)"])
    #expect(option.code == 64)
    #expect(option.stderr.contains("option 'size' must be a number in (0, 200] px; got '-1'"))
    #expect(try Self.run(["frobnicate"]).code == 64)
    #expect(try Self.run(["run"]).code == 64)
  }

  @Test("a missing corpus folder is a tool error, exit 1")
  func missingCorpus() throws {
    let r = try Self.run([
      "run", "--corpus", "/nonexistent/corpus", "--out", NSTemporaryDirectory(),
    ])
    #expect(r.code == 1)
    #expect(r.stderr.contains("Error: cannot read corpus '/nonexistent/corpus'"))
  }

  @Test("--help, help SUBCOMMAND, --version and strategies")
  func helpAndVersion() throws {
    let h = try Self.run(["--help"])
    #expect(h.code == 0 && h.stdout.contains("EXIT CODES"))
    let hr = try Self.run(["help", "run"])
    #expect(hr.code == 0 && hr.stdout.contains("--corpus <DIR>"))
    #expect(try Self.run(["run", "--help"]).stdout == hr.stdout)
    let v = try Self.run(["--version"])
    #expect(v.code == 0 && v.stdout.hasPrefix("sigbench "))
    let s = try Self.run(["strategies"])
    #expect(s.code == 0 && s.stdout.hasPrefix("  straight"))
    let d = try Self.run(["strategies", "--describe", "straight"])
    #expect(d.stdout.contains("width") && d.stdout.contains("(0, 200] px"))
  }
}

@Suite("end to end: hostile names", .serialized)
struct HostileNameTests {
  @Test("a corpus file named like markup shows as text everywhere in the sheet")
  func escapedEverywhere() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = dir.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let hostile = "<img src=x onerror=alert(1)>"
    var text = try String(
      contentsOf: packageRootURL().appendingPathComponent("Corpus/fixtures/tap.sigbench.json"),
      encoding: .utf8)
    text = text.replacingOccurrences(
      of: "\"device\": \"synthetic\"", with: "\"device\": \"<script>alert(2)</script>\"")
    try text.write(
      to: corpus.appendingPathComponent("\(hostile).sigbench.json"), atomically: true,
      encoding: .utf8)
    let out = dir.appendingPathComponent("out")
    let r = try EndToEndTests.run(
      ["run", "--corpus", corpus.path, "--no-counters", "--out", out.path, "--quiet"])
    #expect(r.code == 0, "\(r.stderr)")
    let latest = out.appendingPathComponent("latest")
    let index = try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
    let result = try RunResult.decode(
      Data(contentsOf: latest.appendingPathComponent("result.json")))
    let page = try String(
      contentsOf: latest.appendingPathComponent(try #require(result.samples.first?.page?.path)),
      encoding: .utf8)
    for html in [index, page] {
      #expect(!html.contains("<img src=x"))
      // One script element, the page's own, before the body: nothing from the corpus runs.
      #expect(html.components(separatedBy: "<script").count == 2)
      #expect(html.components(separatedBy: "<body>")[1].contains("<script") == false)
      #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }
    #expect(page.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
  }
}

@Suite("end to end: ink against a base run", .serialized)
struct InkDiffEndToEndTests {
  @Test("identical runs report no change; a changed base picture is found and listed first")
  func inkDiff() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = packageRootURL().appendingPathComponent("Corpus/fixtures").path
    let base = dir.appendingPathComponent("base")
    let a = try EndToEndTests.run(
      [
        "run", "--corpus", corpus, "--no-counters", "--strategies", "straight", "--out", base.path,
        "--quiet",
      ])
    #expect(a.code == 0, "\(a.stderr)")
    let head = dir.appendingPathComponent("head")
    let b = try EndToEndTests.run([
      "run", "--corpus", corpus, "--no-counters", "--strategies", "straight", "--out", head.path,
      "--quiet",
      "--compare-run", base.appendingPathComponent("latest").path,
    ])
    #expect(b.code == 0, "\(b.stderr)")
    let same = try RunResult.decode(
      Data(contentsOf: head.appendingPathComponent("latest/result.json")))
    #expect(same.inkBaseRun != nil)
    for s in same.samples {
      let d = try #require(s.inkDiff?["straight"])
      #expect(d.changedPixels == 0 && !d.missingInBase, "\(s.name)")
    }
    // Replace the base's picture of the last sample with the first sample's picture.
    let baseRun = base.appendingPathComponent("latest").resolvingSymlinksInPath()
    let baseResult = try RunResult.decode(
      Data(contentsOf: baseRun.appendingPathComponent("result.json")))
    let first = try #require(baseResult.samples.first?.images["straight"])
    let last = try #require(baseResult.samples.last)
    let lastImage = try #require(last.images["straight"])
    try FileManager.default.removeItem(at: baseRun.appendingPathComponent(lastImage))
    try FileManager.default.copyItem(
      at: baseRun.appendingPathComponent(first), to: baseRun.appendingPathComponent(lastImage))
    let c = try EndToEndTests.run([
      "run", "--corpus", corpus, "--no-counters", "--strategies", "straight", "--out", head.path,
      "--quiet",
      "--compare-run", baseRun.path,
    ])
    #expect(c.code == 0, "\(c.stderr)")
    let changed = try RunResult.decode(
      Data(contentsOf: head.appendingPathComponent("latest/result.json")))
    let diff = try #require(changed.samples.first { $0.name == last.name }?.inkDiff?["straight"])
    #expect(diff.changedPixels > 0 && diff.changedShare > 0.1)
    let html = try String(
      contentsOf: head.appendingPathComponent("latest/index.html"), encoding: .utf8)
    let firstRow = try #require(html.range(of: "<div class=\"drawing\"><h3><a href=\"samples/"))
    #expect(html[firstRow.upperBound...].hasPrefix(last.page!.path.dropFirst("samples/".count)))
    #expect(html.contains("1 of \(changed.samples.count) samples changed"))
  }
}

@Suite("end to end: run against a baseline", .serialized)
struct RunBaselineEndToEndTests {
  @Test("run --baseline puts every verdict and its evidence in result.json and the sheet")
  func verdictsInSheet() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = packageRootURL().appendingPathComponent(
      "Corpus/fixtures/signature-120hz.sigbench.json"
    ).path
    let common = [
      "--corpus", corpus, "--strategies", "straight", "--processes", "3", "--no-counters",
      "--out", dir.path, "--quiet",
    ]
    let save = try EndToEndTests.run(["baseline", "save", "aa"] + common)
    #expect(save.code == 0, "\(save.stderr)")
    let r = try EndToEndTests.run(["run", "--baseline", "aa"] + common)
    #expect([0, 6].contains(r.code), "exit \(r.code): \(r.stderr)")
    let latest = dir.appendingPathComponent("latest")
    let result = try RunResult.decode(
      Data(contentsOf: latest.appendingPathComponent("result.json")))
    let gate = try #require(result.gate)
    #expect(gate.baselineName == "aa")
    #expect(!gate.timing.isEmpty)
    let html = try String(contentsOf: latest.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<section id=\"gate\">"))
    #expect(html.contains("verdict vs baseline"))
    for c in gate.timing { #expect(html.contains("<strong>\(c.verdict.rawValue)</strong>")) }
  }
}
