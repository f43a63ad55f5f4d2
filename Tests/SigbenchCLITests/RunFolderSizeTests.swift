import Foundation
import SigbenchReport
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Runs that do not fill the disk (#42, item 10): a `Corpus/` run folder was 80 MB, 37.9 MB of
/// it `samples.csv`, written by every run.
@Suite("end to end: run folders stay small", .serialized)
struct RunFolderSizeTests {
  static func run(_ out: URL, _ extra: [String] = []) throws -> URL {
    let corpus = packageRootURL().appendingPathComponent(
      "Corpus/fixtures/straight-line.sigbench.json")
    let r = try EndToEndTests.run(
      [
        "run", "--corpus", corpus.path, "--out", out.path, "--strategies", "straight",
        "--no-render", "--no-counters", "--processes", "2", "--timed-points", "100", "--quiet",
        "--no-history",
      ] + extra)
    #expect(r.code == 0, "\(r.stderr)")
    return out.appendingPathComponent("latest").resolvingSymlinksInPath()
  }

  @Test("raw samples only on request; their summaries always in bench.json")
  func rawSamplesOnRequest() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let plain = try Self.run(dir.appendingPathComponent("a"))
    #expect(
      !FileManager.default.fileExists(atPath: plain.appendingPathComponent("samples.csv").path))
    let bench = try BenchReport.decode(Data(contentsOf: plain.appendingPathComponent("bench.json")))
    #expect(bench.rawSamples == nil && !bench.figures.isEmpty)
    let full = try Self.run(dir.appendingPathComponent("b"), ["--raw-samples"])
    let csv = try String(contentsOf: full.appendingPathComponent("samples.csv"), encoding: .utf8)
    #expect(csv.hasPrefix(RawSamplesCSV.header))
    let counted = try BenchReport.decode(
      Data(contentsOf: full.appendingPathComponent("bench.json")))
    #expect((counted.rawSamples?.rows ?? 0) > 0)
  }
}

/// `sigbench prune --keep N` (#42, item 10): older runs go, safely.
@Suite("end to end: prune", .serialized)
struct PruneEndToEndTests {
  @Test("keeps the newest and latest, names runs the history holds, touches nothing else")
  func pruneKeepsWhatMatters() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out")
    let corpus = packageRootURL().appendingPathComponent(
      "Corpus/fixtures/straight-line.sigbench.json")
    var ids: [String] = []
    for _ in 0..<3 {
      let r = try EndToEndTests.run([
        "run", "--corpus", corpus.path, "--out", out.path, "--strategies", "straight",
        "--no-render", "--no-counters", "--processes", "2", "--timed-points", "100", "--quiet",
      ])
      #expect(r.code == 0, "\(r.stderr)")
      ids.append(out.appendingPathComponent("latest").resolvingSymlinksInPath().lastPathComponent)
    }
    // Newest is the largest id (UTC start time, then the process id within one second).
    ids.sort(by: >)
    ids = [ids[2], ids[1], ids[0]]
    let fm = FileManager.default
    let runs = out.appendingPathComponent("runs")
    // Point latest at the oldest run; add a symlink to a folder outside, a hidden folder and a
    // baseline file, none of which prune may touch.
    try fm.removeItem(at: out.appendingPathComponent("latest"))
    try fm.createSymbolicLink(
      at: out.appendingPathComponent("latest"),
      withDestinationURL: runs.appendingPathComponent(ids[0]))
    let outside = dir.appendingPathComponent("outside")
    try fm.createDirectory(at: outside, withIntermediateDirectories: true)
    try fm.createSymbolicLink(
      at: runs.appendingPathComponent("29991231-000000-1"), withDestinationURL: outside)
    try fm.createDirectory(
      at: runs.appendingPathComponent(".29991231-000000-2.partial"),
      withIntermediateDirectories: true)
    let baseline = out.appendingPathComponent("baselines/main.json")
    try fm.createDirectory(
      at: baseline.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: baseline)

    let dry = try EndToEndTests.run(["prune", "--out", out.path, "--keep", "1", "--dry-run"])
    #expect(dry.code == 0 && dry.stdout.contains("would remove runs/\(ids[1])"), "\(dry.stdout)")
    #expect(fm.fileExists(atPath: runs.appendingPathComponent(ids[1]).path))

    let r = try EndToEndTests.run(["prune", "--out", out.path, "--keep", "1"])
    #expect(r.code == 0, "\(r.stderr)")
    // The newest (ids[2]) and latest (ids[0]) stay; the middle one goes, named as in the history.
    #expect(r.stdout.contains("removed runs/\(ids[1])"), "\(r.stdout)")
    #expect(r.stdout.contains("its figures stay in history.sqlite"))
    #expect(r.stdout.contains("kept runs/\(ids[0]): latest points to it"))
    #expect(!fm.fileExists(atPath: runs.appendingPathComponent(ids[1]).path))
    for kept in [ids[0], ids[2], "29991231-000000-1", ".29991231-000000-2.partial"] {
      #expect(fm.fileExists(atPath: runs.appendingPathComponent(kept).path), "\(kept)")
    }
    #expect(fm.fileExists(atPath: outside.path) && fm.fileExists(atPath: baseline.path))
    #expect(fm.fileExists(atPath: out.appendingPathComponent("latest/result.json").path))
    let show = try EndToEndTests.run([
      "history", "show", "--history", out.appendingPathComponent("history.sqlite").path,
      "--strategy", "straight", "--lane", "smooth", "--metric", "p50",
    ])
    #expect(show.stdout.contains("3 point(s)"), "the history keeps every run: \(show.stdout)")
    let bad = try EndToEndTests.run(["prune", "--out", out.path, "--keep", "0"])
    #expect(bad.code == 64)
  }
}
