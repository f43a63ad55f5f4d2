import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Hostile names, links and results files, run through the built binary.
@Suite("hostile input end to end", .serialized)
struct HostileInputTests {
  static func fixture(_ name: String) -> URL {
    packageRootURL().appendingPathComponent("Corpus/fixtures").appendingPathComponent(name)
  }

  @Test("names cannot forge console lines; links are followed; hidden, FIFOs and loops are listed")
  func corpusWalkAndNames() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let fm = FileManager.default
    let corpus = base.appendingPathComponent("C")
    let data = base.appendingPathComponent("data")
    try fm.createDirectory(at: corpus, withIntermediateDirectories: true)
    try fm.createDirectory(at: data, withIntermediateDirectories: true)
    let tap = try Data(contentsOf: Self.fixture("tap.sigbench.json"))
    try tap.write(to: data.appendingPathComponent("linked.sigbench.json"))
    // A malformed file whose name tries to forge a line and clear the screen.
    let hostile = "a\nrejected NOTHING: ok\u{1B}[2J\u{202E}.TXT"
    // (It starts as SVC2004, a row count, and breaks on line 2, so it is read and rejected.)
    try Data("1\nx\n".utf8).write(to: corpus.appendingPathComponent(hostile))
    try tap.write(to: corpus.appendingPathComponent(".hidden.sigbench.json"))
    try fm.createSymbolicLink(
      at: corpus.appendingPathComponent("dataset"), withDestinationURL: data)
    try fm.createSymbolicLink(
      at: data.appendingPathComponent("loop"), withDestinationURL: data)
    try fm.createSymbolicLink(
      at: corpus.appendingPathComponent("gone.sigbench.json"),
      withDestinationURL: base.appendingPathComponent("missing"))
    #expect(mkfifo(corpus.appendingPathComponent("pipe.sigbench.json").path, 0o600) == 0)
    let r = try EndToEndTests.run([
      "run", "--corpus", corpus.path, "--out", base.appendingPathComponent("out").path,
      "--strategies", "straight", "--no-counters",
    ])
    #expect(r.code == 4, "stderr: \(r.stderr)")  // the hostile file is rejected
    #expect(!r.stderr.contains("\u{1B}[2J") && !r.stderr.contains("\u{202E}"))
    #expect(!r.stderr.split(separator: "\n").contains { $0.hasPrefix("rejected NOTHING") })
    #expect(r.stderr.contains("a\\nrejected NOTHING: ok\\e[2J\\u{202E}.TXT"), "\(r.stderr)")
    // The linked folder was read (its one drawing), its loop and the rest listed as skipped.
    let result = try RunResult.decode(
      Data(contentsOf: base.appendingPathComponent("out/latest/result.json")))
    #expect(result.samples.map(\.name).contains { $0.contains("linked") })
    for (name, reason) in [
      (".hidden.sigbench.json", "hidden"), ("pipe.sigbench.json", "not a regular file (a FIFO)"),
      ("gone.sigbench.json", "broken symbolic link"), ("dataset/loop", "already read"),
    ] {
      #expect(
        r.stderr.contains("skipped \(name): \(reason)")
          || r.stderr.contains(name)
            && r.stderr.contains(reason),
        "\(name): \(r.stderr)")
    }
  }

  @Test("hidden entries are listed but do not fail --strict")
  func hiddenIsNotAnError() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let corpus = base.appendingPathComponent("C")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let tap = try Data(contentsOf: Self.fixture("tap.sigbench.json"))
    try tap.write(to: corpus.appendingPathComponent("tap.sigbench.json"))
    try tap.write(to: corpus.appendingPathComponent(".backup.sigbench.json"))
    let r = try EndToEndTests.run([
      "run", "--corpus", corpus.path, "--out", base.appendingPathComponent("out").path,
      "--strategies", "straight", "--no-counters", "--strict",
    ])
    #expect(r.code == 0, "stderr: \(r.stderr)")
    #expect(r.stderr.contains("skipped .backup.sigbench.json: hidden"))
  }

  @Test("report refuses a results file whose page path leaves the run folder, writing nothing")
  func reportPathEscape() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let out = base.appendingPathComponent("deep/out")
    let first = try EndToEndTests.run([
      "run", "--corpus", Self.fixture("tap.sigbench.json").path, "--out", out.path,
      "--strategies", "straight", "--no-counters", "--quiet",
    ])
    #expect(first.code == 0, "\(first.stderr)")
    let run = out.appendingPathComponent("latest").resolvingSymlinksInPath()
    let file = run.appendingPathComponent("result.json")
    var json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    var samples = try #require(json["samples"] as? [[String: Any]])
    var page = try #require(samples[0]["page"] as? [String: Any])
    page["path"] = "../../OUTSIDE.html"
    samples[0]["page"] = page
    json["samples"] = samples
    try JSONSerialization.data(withJSONObject: json).write(to: file)
    let r = try EndToEndTests.run(["report", run.path])
    #expect(r.code == 1, "stderr: \(r.stderr)")
    #expect(r.stderr.contains("samples[0].page.path") && r.stderr.contains("../../OUTSIDE.html"))
    for up in [
      run.deletingLastPathComponent(), run.deletingLastPathComponent().deletingLastPathComponent(),
    ] {
      #expect(
        !FileManager.default.fileExists(atPath: up.appendingPathComponent("OUTSIDE.html").path))
    }
    // A page path naming one of the run's own files (#43, item 6): refused, nothing
    // overwritten, and a second report reads the same result.json.
    page["path"] = "bench.json"
    samples[0]["page"] = page
    json["samples"] = samples
    try JSONSerialization.data(withJSONObject: json).write(to: file)
    let bench = try Data(contentsOf: run.appendingPathComponent("bench.json"))
    for _ in 0..<2 {
      let own = try EndToEndTests.run(["report", run.path])
      #expect(own.code == 1 && own.stderr.contains("samples/<name>.html"), "\(own.stderr)")
    }
    #expect(try Data(contentsOf: run.appendingPathComponent("bench.json")) == bench)
  }

  @Test("no write follows a link sigbench finds under --out; its own output is never read (#43)")
  func writesStayUnderOut() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let fm = FileManager.default
    let corpus = base.appendingPathComponent("corpus")
    let out = corpus.appendingPathComponent("Reports")
    let elsewhere = base.appendingPathComponent("elsewhere")
    try fm.createDirectory(at: out, withIntermediateDirectories: true)
    try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try fm.copyItem(
      at: Self.fixture("tap.sigbench.json"), to: corpus.appendingPathComponent("tap.sigbench.json"))
    let args = [
      "run", "--corpus", corpus.path, "--out", out.path, "--strategies", "straight",
      "--no-render", "--no-counters", "--quiet",
    ]
    // <out>/runs a link: refused before anything is written, naming the link.
    try fm.createSymbolicLink(at: out.appendingPathComponent("runs"), withDestinationURL: elsewhere)
    let refused = try EndToEndTests.run(args)
    #expect(refused.code == 1 && refused.stderr.contains("runs is a symbolic link"), "\(refused)")
    #expect(try fm.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    try fm.removeItem(at: out.appendingPathComponent("runs"))
    // <out>/history.sqlite a dangling link: the run lands, the history is not created there.
    try fm.createSymbolicLink(
      at: out.appendingPathComponent("history.sqlite"),
      withDestinationURL: elsewhere.appendingPathComponent("h.sqlite"))
    let first = try EndToEndTests.run(args)
    #expect(first.code == 0 && first.stderr.contains("history not updated"), "\(first.stderr)")
    #expect(!fm.fileExists(atPath: elsewhere.appendingPathComponent("h.sqlite").path))
    // The output folder lies inside the corpus: the second run does not read the first's files.
    let second = try EndToEndTests.run(args)
    #expect(second.code == 0, "\(second.stderr)")
  }
}

/// Failed writes name the path and the system's reason (issue 15, item 4).
@Suite("write failures end to end", .serialized)
struct WriteFailureTests {
  @Test("run, convert and render name the path and the reason, never a Foundation error dump")
  func writeFailures() throws {
    let base = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let blocker = base.appendingPathComponent("afile")
    try Data("x".utf8).write(to: blocker)
    let tap = HostileInputTests.fixture("tap.sigbench.json").path
    let cases: [([String], String)] = [
      (
        [
          "run", "--corpus", HostileInputTests.fixture("").path, "--out",
          blocker.appendingPathComponent("out").path, "--strategies", "straight", "--no-counters",
          "--quiet",
        ], "\(blocker.path)/out/runs/"
      ),
      (["convert", tap, "-o", blocker.appendingPathComponent("x.inkml").path], blocker.path),
      (["render", tap, "-o", blocker.appendingPathComponent("x.png").path], blocker.path),
    ]
    for (args, path) in cases {
      let r = try EndToEndTests.run(args)
      #expect(r.code != 0, "\(args[0]) exit \(r.code)")
      #expect(
        !r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("UserInfo"), "\(r.stderr)")
      #expect(r.stderr.contains(path), "\(args[0]): \(r.stderr)")
      #expect(
        r.stderr.contains("Not a directory")
          || r.stderr.contains("a file of that name is in the way"),
        "\(args[0]): \(r.stderr)")
    }
  }
}
