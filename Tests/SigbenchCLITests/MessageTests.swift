import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Messages a user reads (#42, item 7): a write error once with the system's reason, an empty
/// `--out` refused, a repeated strategy option in plain words.
@Suite("messages", .serialized)
struct MessageTests {
  @Test("a write error names the file once and gives the system's reason")
  func writeError() throws {
    let r = try HelpWidthTests.run(["capture", "-o", "/proc/sigbench-x.html"], columns: nil)
    #expect(r.code == 1)
    #expect(
      r.err.trimmingCharacters(in: .whitespacesAndNewlines)
        == "Error: cannot write /proc/sigbench-x.html: No such file or directory", "\(r.err)"
    )
  }

  @Test("--out '' is a usage error, not the current folder")
  func emptyOut() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try EndToEndTests.run(["run", "--corpus", dir.path, "--out", ""], cwd: dir)
    #expect(r.code == 64)
    #expect(r.stderr.hasPrefix("Error: --out needs a non-empty DIR; got ''."), "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
  }

  @Test("a strategy option given twice says so in plain words")
  func repeatedOption() throws {
    let r = try EndToEndTests.run([
      "replay", "--strategies", "catmull-rom(alpha=0,alpha=1)", "x.sigbench.json", "-o", "x.gif",
    ])
    #expect(r.code == 64)
    #expect(r.stderr.contains("option 'alpha' must be given only once; got '1'"), "\(r.stderr)")
  }

  @Test("a symbolic link cycle and a FIFO are named for what they are")
  func oddFiles() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = dir.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: corpus.appendingPathComponent("a").path, withDestinationPath: "b")
    try FileManager.default.createSymbolicLink(
      atPath: corpus.appendingPathComponent("b").path, withDestinationPath: "a")
    try FileManager.default.copyItem(
      at: packageRootURL().appendingPathComponent("Corpus/fixtures/tap.sigbench.json"),
      to: corpus.appendingPathComponent("tap.sigbench.json"))
    let out = dir.appendingPathComponent("out")
    let r = try EndToEndTests.run([
      "run", "--corpus", corpus.path, "--out", out.path, "--strategies", "straight", "--no-render",
      "--no-counters", "--processes", "2", "--quiet",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let result = try RunResult.decode(
      Data(contentsOf: out.appendingPathComponent("latest/result.json")))
    let reasons = Dictionary(
      uniqueKeysWithValues: result.corpus.skipped.map { ($0.file, $0.message) })
    #expect(reasons["a"]?.hasPrefix("symbolic link cycle") == true, "\(reasons)")
    // A FIFO named like a result file: `history import` says what it is, not "Permission denied".
    let fifo = dir.appendingPathComponent("runs/x/result.json")
    try FileManager.default.createDirectory(
      at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
    #expect(mkfifo(fifo.path, 0o644) == 0)
    let i = try EndToEndTests.run([
      "history", "import", dir.appendingPathComponent("runs").path, "--history",
      dir.appendingPathComponent("h.sqlite").path,
    ])
    #expect(i.stderr.contains("result.json: not a regular file (a FIFO)"), "\(i.stderr)")
    #expect(!i.stderr.contains("Permission denied"))
  }
}
