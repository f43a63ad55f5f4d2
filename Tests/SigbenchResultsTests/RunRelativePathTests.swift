import Foundation
import SigbenchResults
import Testing

@Suite("paths named by results files")
struct RunRelativePathTests {
  @Test("escaping, absolute and malformed paths are refused, naming the rule")
  func rules() {
    for (path, rule) in [
      ("../../OUTSIDE.html", "'..'"), ("samples/../../x.html", "'..'"), ("/etc/passwd", "relative"),
      ("", "empty"), ("img\\x.png", "backslash"), ("img/a\nb.png", "control"),
    ] {
      let broken = RunRelativePath.brokenRule(path)
      #expect(broken?.contains(rule) == true, "\(path): \(broken ?? "accepted")")
    }
    for ok in ["samples/0003-x.html", "img/0001/straight.png", "index.html", "a/./b.png"] {
      #expect(RunRelativePath.brokenRule(ok) == nil, "\(ok)")
    }
  }

  @Test("a page path names an HTML page under samples/, never another file of the run (#43)")
  func pagePaths() {
    for bad in [
      "result.json", "bench.json", "samples.csv", "img/0001/straight.png", "index.html",
      "samples/x.png", "samples/.html", "samples/a/b.html", "samples/../result.json",
    ] {
      #expect(RunRelativePath.brokenPageRule(bad) != nil, "\(bad) accepted")
    }
    #expect(RunRelativePath.brokenPageRule("samples/0003-x.html") == nil)
  }

  @Test("a path through a symbolic link that leaves the folder is refused")
  func symbolicLinks() throws {
    let fm = FileManager.default
    let base = fm.temporaryDirectory.appendingPathComponent("sigbench-paths-\(UUID().uuidString)")
    let run = base.appendingPathComponent("run")
    let outside = base.appendingPathComponent("outside")
    try fm.createDirectory(at: run, withIntermediateDirectories: true)
    try fm.createDirectory(at: outside, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: base) }
    try fm.createSymbolicLink(at: run.appendingPathComponent("img"), withDestinationURL: outside)
    #expect(throws: RunRelativePath.Violation.self) {
      try RunRelativePath.resolve("img/secret.png", in: run, field: "samples[0].images.straight")
    }
    do {
      _ = try RunRelativePath.resolve("img/secret.png", in: run, field: "samples[0].images.x")
    } catch {
      #expect(error.field == "samples[0].images.x" && error.value == "img/secret.png")
      #expect(error.description.contains("outside the run folder"))
    }
    let inside = try RunRelativePath.resolve("samples/a.html", in: run, field: "f")
    #expect(inside.path.hasSuffix("run/samples/a.html"))
  }
}
