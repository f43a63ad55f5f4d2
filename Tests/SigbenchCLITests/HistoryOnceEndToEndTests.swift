import Foundation
import SigbenchBuildStamp
import SigbenchResults
import SigbenchTestSupport
import Testing

/// A run is stored once (#42, item 2): `history import <out>/runs` stored each run folder's
/// `bench.json` as a second run with commit "unknown", so two runs gave four points.
@Suite("end to end: the history stores each run once", .serialized)
struct HistoryOnceEndToEndTests {
  static func points(_ db: URL) throws -> [String] {
    let r = try EndToEndTests.run([
      "history", "show", "--history", db.path, "--strategy", "straight", "--lane", "smooth",
      "--metric", "batch-p50",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    return r.stdout.split(separator: "\n").dropFirst().map(String.init).filter {
      !$0.hasSuffix("point(s)")
    }
  }

  @Test("two runs appended live, then imported twice (folders, latest), then into a new store")
  func importTwiceChangesNothing() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out")
    for _ in 0..<2 { try ProvenanceEndToEndTests.run(in: dir, out: out) }
    let db = out.appendingPathComponent("history.sqlite")
    #expect(try Self.points(db).count == 2)
    for target in ["runs", "runs", "latest", ""] {
      let r = try EndToEndTests.run([
        "history", "import", out.appendingPathComponent(target).path, "--history", db.path,
      ])
      #expect(r.code == 0, "\(r.stderr)")
      #expect(r.stdout.contains("imported 0 run(s)"), "\(target): \(r.stdout)")
      #expect(try Self.points(db).count == 2, "after importing \(target)")
    }
    // A store that never saw them: each run once, with the build's commit from the files.
    let fresh = dir.appendingPathComponent("fresh.sqlite")
    let r = try EndToEndTests.run([
      "history", "import", out.appendingPathComponent("runs").path, "--history", fresh.path,
    ])
    #expect(r.stdout.contains("imported 2 run(s), 0 already stored"), "\(r.stdout)")
    let rows = try Self.points(fresh)
    #expect(rows.count == 2)
    #expect(rows.allSatisfy { $0.hasPrefix(ProvenanceEndToEndTests.label) }, "\(rows)")
    let latest = try EndToEndTests.run([
      "history", "import", out.appendingPathComponent("latest").path, "--history",
      dir.appendingPathComponent("latest.sqlite").path,
    ])
    #expect(latest.stdout.contains("imported 1 run(s)"), "a symlinked run folder: \(latest.stdout)")
    try Self.unknownNames(db)
  }

  /// #42, item 3: `history show --strategy straigt` printed `0 point(s)` and exited 0.
  static func unknownNames(_ db: URL) throws {
    for (option, typo, nearest) in [
      ("--strategy", "straigt", "straight"), ("--lane", "smoth", "smooth"),
      ("--metric", "batch-p5", "batch-p50"),
    ] {
      var args = [
        "history", "show", "--history", db.path, "--strategy", "straight", "--lane", "smooth",
        "--metric", "batch-p50",
      ]
      args[args.firstIndex(of: option)! + 1] = typo
      let r = try EndToEndTests.run(args)
      #expect(r.code == 64, "\(option) \(typo): exit \(r.code)")
      #expect(r.stderr.contains("no \(option.dropFirst(2)) '\(typo)'"), "\(r.stderr)")
      #expect(r.stderr.contains("Did you mean '\(nearest)'?"), "\(r.stderr)")
      #expect(r.stdout.isEmpty)
    }
    let missing = try EndToEndTests.run([
      "history", "list", "--history",
      db.deletingLastPathComponent().appendingPathComponent("x").path,
    ])
    #expect(missing.code == 1)
    #expect(missing.stderr.contains("--out DIR or --history PATH"), "\(missing.stderr)")
  }
}
