import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// The reproductions of #43 on the built binary: each file next to a good one, through `run`.
/// Exit code, the message naming the file and the value, and the peak resident size of the
/// process (read with `wait4` by a Python wrapper) where the issue measured memory.
@Suite("#43 reproductions end to end", .serialized)
struct EnvelopeReproductionTests {
  /// A native file with one stroke of `samples` and, when given, ground truth.
  static func native(_ samples: String, truth: String? = nil) -> String {
    #"{"format":"sigbench-ink","version":1,"units":{"position":"css-px","time":"s","#
      + #""pressure":"0-1","angle":"rad"},"channels":["x","y","t"],"strokes":[{"samples":"#
      + samples + "}]," + (truth.map { #""groundTruth":\#($0),"# } ?? "") + #""hover":[]}"#
  }

  /// Runs `sigbench args` under a wrapper that reports the child's own peak resident size.
  static func measured(_ args: [String]) throws -> (EndToEndTests.Outcome, peakMB: Double) {
    let wrapper = """
      import os, subprocess, sys
      p = subprocess.Popen(sys.argv[1:])
      _, status, usage = os.wait4(p.pid, 0)
      print(f"peak-kib={usage.ru_maxrss}", file=sys.stderr)
      sys.exit(os.waitstatus_to_exitcode(status))
      """
    let r = try EndToEndTests.run(
      ["python3", "-c", wrapper, EndToEndTests.binary.path] + args,
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    let line = r.stderr.split(separator: "\n").last { $0.hasPrefix("peak-kib=") } ?? "peak-kib=0"
    return (r, (Double(line.dropFirst(9)) ?? 0) / 1024)
  }

  /// A corpus of the good fixture and `bad` as `name`, run with `extra`.
  static func run(bad: String, name: String, _ extra: [String] = []) throws -> (
    EndToEndTests.Outcome, Double, RunResult?
  ) {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = dir.appendingPathComponent("corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: packageRootURL().appendingPathComponent("Corpus/fixtures/loop.sigbench.json"),
      to: corpus.appendingPathComponent("loop.sigbench.json"))
    try Data(bad.utf8).write(to: corpus.appendingPathComponent(name))
    let out = dir.appendingPathComponent("out")
    let (r, peak) = try measured(
      [
        "run", "--corpus", corpus.path, "--out", out.path, "--no-counters", "--timed-points",
        "200", "--no-history",
      ] + (extra.isEmpty ? ["--strategies", "straight"] : extra))
    let result = try? RunResult.decode(
      Data(contentsOf: out.appendingPathComponent("latest/result.json")))
    return (r, peak, result)
  }

  @Test("item 1: ground truth at 1e19 is refused by the reader, in little memory")
  func truth() throws {
    let (r, peak, result) = try Self.run(
      bad: Self.native("[[1,2,0],[30,40,0.01]]", truth: "[[[1,2],[1e19,40]]]"),
      name: "truth.sigbench.json")
    #expect(r.code == 4, "\(r.stderr)")
    #expect(r.stdout.contains("truth.sigbench.json") || r.stderr.contains("truth.sigbench.json"))
    #expect((r.stdout + r.stderr).contains("1e+19"), "\(r.stdout)\(r.stderr)")
    #expect(result?.samples.count == 1)
    #expect(peak < 400, "peak \(peak) MB (was 7.5 GB at 1e9)")
  }

  @Test("items 2 and 5: times of 1e17 and 1e308 are refused, naming file and value")
  func times() throws {
    for t in ["1e17", "1e308"] {
      let (r, _, result) = try Self.run(
        bad: Self.native("[[1,2,0],[30,40,0.01],[50,60,\(t)]]"), name: "t.sigbench.json",
        ["--strategies", "ink-modeler"])
      #expect(r.code == 4, "\(t): \(r.stderr)")
      #expect((r.stdout + r.stderr).contains("t.sigbench.json"), "\(t)")
      #expect((r.stdout + r.stderr).contains(String(Double(t)!)), "\(t): \(r.stdout)")
      #expect(result?.samples.count == 1, "\(t)")
    }
  }

  @Test("item 5: positions of ±1e7 next to a good file: rejected by name, the run goes on")
  func hugePositions() throws {
    let (r, peak, result) = try Self.run(
      bad: Self.native("[[1e7,-1e7,0],[-1e7,1e7,0.01]]"), name: "huge.sigbench.json")
    #expect(r.code == 4, "\(r.stderr)")
    #expect((r.stdout + r.stderr).contains("huge.sigbench.json"))
    #expect((r.stdout + r.stderr).contains("10000000"), "\(r.stdout)")
    #expect(result?.samples.map(\.name) == ["loop.sigbench.json"])
    #expect(peak < 400, "peak \(peak) MB (was 1.37 GB and exit 1)")
  }

  @Test("item 5: a hairline of 5e-324 px on one sample is measured, not a whole-run failure")
  func hairline() throws {
    let (r, _, result) = try Self.run(
      bad: Self.native("[[10,20,0]]"), name: "one.sigbench.json",
      ["--strategies", "straight(size=5e-324)"])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(result?.samples.count == 2)
    #expect(result?.failedCells.isEmpty == true)
  }
}
