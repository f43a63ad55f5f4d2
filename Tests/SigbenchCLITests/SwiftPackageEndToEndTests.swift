import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// The Swift package door (#46): the example package's sources (scripts/external/swift-package),
/// built by this package as `sigbench-package-example`, are a sigbench with one more strategy.
/// Its strategy is listed, judged, replayed, drawn and measured like a built-in, and the worker
/// processes (the same binary) time and count it.
@Suite("Swift package door end to end", .serialized)
struct SwiftPackageEndToEndTests {
  /// The example's binary, beside `sigbench`.
  static var binary: URL {
    EndToEndTests.binary.deletingLastPathComponent().appendingPathComponent(
      "sigbench-package-example")
  }

  static func run(_ args: [String]) throws -> EndToEndTests.Outcome {
    try EndToEndTests.run(args, executable: binary)
  }

  static let corpus = packageRootURL().appendingPathComponent("Corpus/fixtures").path

  @Test("the binary names the package; the listing, the description and the JSON mark it")
  func listing() throws {
    let version = try Self.run(["--version"])
    #expect(version.code == 0, "\(version.stderr)")
    #expect(
      version.stdout.contains(
        "with strategies from Swift package 'sigbench-plus': exponential-polyline"))
    let list = try Self.run(["strategies"])
    #expect(list.code == 0)
    let row = list.stdout.split(separator: "\n").first { $0.contains("exponential-polyline") }
    #expect(row != nil, "\(list.stdout)")
    #expect(list.stdout.contains("(package sigbench-plus)"))
    // sigbench's own binary has no such strategy.
    let own = try EndToEndTests.run(["strategies"])
    #expect(!own.stdout.contains("exponential-polyline"))
    let describe = try Self.run(["strategies", "--describe", "exponential-polyline"])
    #expect(describe.stdout.contains("alpha"))
    #expect(describe.stdout.contains("Added by Swift package 'sigbench-plus'"))
    let json = try Self.run(["strategies", "--json"])
    let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
    let item = items.first { $0["id"] as? String == "exponential-polyline" }
    #expect(item?["package"] as? String == "sigbench-plus")
    #expect(items.first { $0["id"] as? String == "straight" }?["package"] == nil)
  }

  @Test("strategies --check runs the contract suite against the package's strategy")
  func contractCheck() throws {
    let r = try Self.run(["strategies", "--check", "exponential-polyline(alpha=0.3)"])
    #expect(r.code == 0, "\(r.stdout) \(r.stderr)")
    #expect(r.stdout.contains("every rule holds"))
  }

  @Test("a run replays, draws and measures it; alpha=1 draws straight's pixels")
  func runDrawsIt() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try Self.run([
      "run", "--corpus", Self.corpus, "--out", out.path, "--no-history", "--quiet",
      "--strategies", "straight,exponential-polyline,exponential-polyline(alpha=1)",
      "--timed-points", "300",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let folder = out.appendingPathComponent("latest")
    let result = try RunResult.decode(
      Data(contentsOf: folder.appendingPathComponent("result.json")))
    let labels = result.strategies.map(\.label)
    #expect(labels == ["straight", "exponential-polyline", "exponential-polyline(alpha=1)"])
    #expect(result.strategies.map(\.package) == [nil, "sigbench-plus", "sigbench-plus"])
    // Quality and latency figures for it, like for a built-in.
    let quality = try #require(result.quality?.strategies)
    #expect(quality["exponential-polyline"] != nil)
    #expect(quality["exponential-polyline"] != quality["straight"])
    #expect(result.bench.figures.contains { $0.strategy == "exponential-polyline" })
    // With alpha = 1 the smoothed position is the sample: the polyline of `straight`, the same
    // picture of every drawing.
    #expect(!result.samples.isEmpty)
    for s in result.samples {
      let mine = try Data(
        contentsOf: folder.appendingPathComponent(
          try #require(s.images["exponential-polyline(alpha=1)"])))
      let theirs = try Data(
        contentsOf: folder.appendingPathComponent(try #require(s.images["straight"])))
      #expect(mine == theirs, "\(s.name)")
    }
    let sheet = try String(
      contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(sheet.contains("Strategies added by a Swift package"))
    #expect(sheet.contains("<code>sigbench-plus</code>"))
  }

  @Test("bench workers (the same binary) time it in both lanes and callgrind counts it")
  func benchWorkersKnowIt() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try Self.run([
      "bench", "--corpus", Self.corpus, "--out", out.path, "--no-history", "--quiet",
      "--strategies", "straight,exponential-polyline", "--processes", "2", "--repetitions", "1",
      "--no-synthetic", "--counter-points", "300", "--timed-points", "300",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let folder = try FileManager.default.contentsOfDirectory(
      at: out.appendingPathComponent("bench"), includingPropertiesForKeys: nil
    ).first { !$0.lastPathComponent.hasPrefix(".") && $0.lastPathComponent != "latest" }
    let report = try BenchReport.decode(
      Data(contentsOf: try #require(folder).appendingPathComponent("bench.json")))
    let lanes = Set(report.figures.filter { $0.strategy == "exponential-polyline" }.map(\.lane))
    #expect(lanes == [.smooth, .smoothRaster])
    #expect(report.perProcess?.isEmpty == false)
    guard GateCommandTests.valgrindAvailable else { return }
    let counted = report.counters.filter { $0.strategy == "exponential-polyline" }
    #expect(counted.count == 2)
    #expect(
      counted.allSatisfy { $0.unavailableReason == nil && ($0.instructionsPerPoint ?? 0) > 0 })
  }
}
