import Foundation
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
}
