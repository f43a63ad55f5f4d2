import Foundation
import Testing

/// `sigbench strategies` with external strategy folders, through the built binary: listed
/// with kind and manifest path, described like a built-in, and a broken or clashing manifest
/// is a usage error naming the file (and the field, rule and value, or both places).
@Suite("external strategies in the catalog")
struct ExternalStrategyListingTests {
  static let manifest = """
    {"id": "py-smooth", "summary": "A moving average in Python.",
     "details": "Mean of the last window samples.", "kind": "process",
     "command": ["python3", "smooth.py"], "protocol": 1,
     "options": [{"name": "window", "type": "integer", "default": 5,
                  "range": {"min": 1, "max": 99}, "help": "Samples averaged."}]}
    """

  func folder(_ manifests: [String: String]) throws -> URL {
    let dir = try EndToEndTests.tempFolder()
    for (name, text) in manifests {
      try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }
    return dir
  }

  @Test func listedWithKindAndPathFromTheOptionOrTheVariable() throws {
    let dir = try folder(["py-smooth.sigbench-strategy.json": Self.manifest])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("py-smooth.sigbench-strategy.json").path
    let byOption = try EndToEndTests.run(["strategies", "--strategy-dir", dir.path])
    #expect(byOption.code == 0, "\(byOption.stderr)")
    #expect(byOption.stdout.contains("py-smooth"))
    // The listing wraps its rows; the words are what count.
    let words = byOption.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("py-smooth A moving average in Python. (external, process: \(path))"))
    let byVariable = try EndToEndTests.run(
      ["strategies", "--json"],
      environment: ["SIGBENCH_STRATEGY_PATH": "/nonexistent-but-unused:" + dir.path].mapValues {
        Optional($0)
      })
    // A missing folder in the variable is named, like one given by option.
    #expect(byVariable.code == 64)
    #expect(byVariable.stderr.contains("/nonexistent-but-unused: cannot list the strategy folder"))
    let json = try EndToEndTests.run(
      ["strategies", "--json"], environment: ["SIGBENCH_STRATEGY_PATH": dir.path])
    let items = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let item = try #require(items.last)
    #expect(item["id"] as? String == "py-smooth")
    #expect(item["kind"] as? String == "process")
    #expect(item["manifest"] as? String == path)
    let described = try EndToEndTests.run(
      ["strategies", "--strategy-dir", dir.path, "--describe", "py-smooth"])
    #expect(described.code == 0)
    #expect(described.stdout.contains("a whole number in [1, 99]"))
    #expect(described.stdout.contains("Command: python3 smooth.py; protocol 1"))
  }

  @Test func aClashingOrBrokenManifestIsAUsageErrorNamingIt() throws {
    let clash = Self.manifest.replacingOccurrences(of: "py-smooth", with: "catmull-rom")
    let dir = try folder(["mine.sigbench-strategy.json": clash])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try EndToEndTests.run(["strategies", "--strategy-dir", dir.path])
    #expect(r.code == 64)
    #expect(
      r.stderr.contains(
        "strategy id 'catmull-rom' is declared twice: by the built-in strategy 'catmull-rom' and by "
          + dir.appendingPathComponent("mine.sigbench-strategy.json").path))
    let broken = Self.manifest.replacingOccurrences(of: "\"default\": 5", with: "\"default\": 500")
    try Data(broken.utf8).write(to: dir.appendingPathComponent("mine.sigbench-strategy.json"))
    let b = try EndToEndTests.run(["strategies", "--strategy-dir", dir.path])
    #expect(b.code == 64)
    #expect(
      b.stderr.contains(
        "mine.sigbench-strategy.json: field 'options[0].default' must be a whole number in [1, 99]; got 500"
      ), "\(b.stderr)")
  }
}
