import Foundation
import SigbenchContract
import SigbenchCore
import SigbenchDigest
import SigbenchStrategies
import Testing

@testable import SigbenchExternal

/// External strategies as catalog entries: configured like built-ins, replayed through
/// `ConfiguredStrategy` on leased processes, failures thrown by `watchingCalls`, digests of the
/// manifest and of the command's files.
@Suite("external strategies as catalog entries")
struct ExternalStrategyEntryTests {
  func chords(_ options: String = "", timeout: Double = 10) throws -> (
    ExternalStrategyEntry, ConfiguredStrategy
  ) {
    let entry = try ExternalStrategyEntry(try chordsManifest(), timeout: timeout)
    let spec = try StrategySpec.parse("py-chords" + (options.isEmpty ? "" : "(\(options))"))
    return (entry, try entry.entry.configure(spec))
  }

  @Test func strokesReuseOneProcessAndDrawTheChords() throws {
    let (entry, strategy) = try chords("width=3")
    defer { entry.runtime.stopAll() }
    #expect(strategy.isExternal)
    #expect(strategy.label == "py-chords(width=3)")
    for _ in 0..<3 {
      let ink = try strategy.watchingCalls { strategy.smooth(threeSamples) }
      #expect(ink.discs.array == [Disc(center: threeSamples[0].point, radius: 1.5)])
      #expect(ink.centerline.map(\.end) == threeSamples.dropFirst().map(\.point))
    }
    // A stroke dropped before its finish gives its process back; the next begins afresh.
    _ = strategy.ink(after: Array(threeSamples.prefix(2)), finish: false)
    let again = strategy.smooth(threeSamples)
    #expect(again.centerline.count == 2)
    #expect(entry.runtime.processesStarted == 1)
    #expect(entry.runtime.failuresMet.isEmpty)
  }

  @Test func twoConfigurationsShareTheProcessesOfTheirStrategy() throws {
    let entry = try ExternalStrategyEntry(try chordsManifest())
    defer { entry.runtime.stopAll() }
    let thin = try entry.entry.configure(try StrategySpec.parse("py-chords(width=1)"))
    let wide = try entry.entry.configure(try StrategySpec.parse("py-chords(width=4)"))
    for _ in 0..<2 {
      #expect(thin.smooth(threeSamples).centerline.first?.startWidth == 1)
      #expect(wide.smooth(threeSamples).centerline.first?.startWidth == 4)
    }
    #expect(entry.runtime.processesStarted == 1)
  }

  @Test(arguments: [
    ("crash", "exited"), ("exit", "exited (status 7)"), ("garbage", "not JSON"),
    ("error", "deliberate error at the third push"), ("nan", "not JSON"),
  ])
  func aFailedCallIsThrownByTheWatchNamingTheStrategy(fault: String, says: String) throws {
    let (entry, strategy) = try chords("fault=\(fault)")
    defer { entry.runtime.stopAll() }
    #expect {
      try strategy.watchingCalls { _ = strategy.smooth(threeSamples) }
    } throws: { error in
      let text = "\(error)"
      return text.contains("external strategy 'py-chords'") && text.contains(says)
    }
    // Outside a watch nothing is thrown, and the failed stroke wrote no more ink.
    let ink = strategy.smooth(threeSamples)
    #expect(ink.centerline.count == 1)
    // Two samples never reach the fault: the strategy still works on them.
    let short = try strategy.watchingCalls { strategy.smooth(Array(threeSamples.prefix(2))) }
    #expect(short.centerline.count == 1)
  }

  @Test func aStrategyFailingOnSomeStrokesIsNeverGivenUp() throws {
    let (entry, strategy) = try chords("fault=error")
    defer { entry.runtime.stopAll() }
    // Failures and successes alternate, more failures in all than the limit: never given up,
    // since none came in a row.
    for _ in 0..<(ExternalStrategyRuntime.failureLimit + 4) {
      #expect(throws: (any Error).self) {
        try strategy.watchingCalls { _ = strategy.smooth(threeSamples) }
      }
      let short = try strategy.watchingCalls { strategy.smooth(Array(threeSamples.prefix(2))) }
      #expect(short.centerline.count == 1)
    }
    #expect(entry.runtime.failuresMet.count == ExternalStrategyRuntime.failureLimit + 4)
    #expect(!entry.runtime.failuresMet.contains { $0.message.contains("given up") })
  }

  @Test func aHangingProgramIsStoppedAtTheTimeoutAndGivenUpAfterTheLimit() throws {
    let (entry, strategy) = try chords("fault=hang", timeout: 0.2)
    defer { entry.runtime.stopAll() }
    var messages: [String] = []
    var seconds: [Double] = []
    for _ in 0..<(ExternalStrategyRuntime.failureLimit + 3) {
      let started = Date()
      do {
        try strategy.watchingCalls { _ = strategy.smooth(threeSamples) }
      } catch {
        messages.append("\(error)")
      }
      seconds.append(Date().timeIntervalSince(started))
    }
    #expect(messages.count == ExternalStrategyRuntime.failureLimit + 3)
    #expect(messages[0].contains("no reply to 'push' within 0.2 s"))
    #expect(seconds[0] >= 0.2)
    #expect(
      messages.last!.contains(
        "py-chords(fault=hang) given up after \(ExternalStrategyRuntime.failureLimit) failures in a row"
      ))
    // Once given up, a stroke fails at once: no process, no timeout.
    #expect(seconds.suffix(3).allSatisfy { $0 < 0.1 }, "\(seconds)")
    // Another configuration of the same program is not given up with it.
    let fine = try entry.entry.configure(try StrategySpec.parse("py-chords"))
    #expect(try fine.watchingCalls { fine.smooth(threeSamples) }.centerline.count == 2)
  }

  @Test func theOriginRecordsTheManifestAndTheCommandsFilesByDigest() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-entry-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let manifestText = try String(contentsOfFile: try chordsManifest().path, encoding: .utf8)
    let script = try Data(
      contentsOf: URL(fileURLWithPath: try chordsManifest().path)
        .deletingLastPathComponent().appendingPathComponent("chords.py"))
    try Data(manifestText.utf8).write(to: dir.appendingPathComponent("c.sigbench-strategy.json"))
    try script.write(to: dir.appendingPathComponent("chords.py"))
    let manifest = try ExternalManifest.read(
      at: dir.appendingPathComponent("c.sigbench-strategy.json").path)
    let first = try ExternalStrategyEntry(manifest).origin
    #expect(
      first.manifestDigest
        == ExternalStrategyEntry.hex(SHA256Digest.digest(Array(manifestText.utf8))))
    #expect(first.commandFiles == ["chords.py"])
    #expect(first.command == ["python3", "chords.py"])
    // The script changed: the command's digest changes, the manifest's does not.
    try (script + Data("\n# changed\n".utf8)).write(to: dir.appendingPathComponent("chords.py"))
    let second = try ExternalStrategyEntry(manifest).origin
    #expect(second.manifestDigest == first.manifestDigest)
    #expect(second.commandDigest != first.commandDigest)
    #expect(second.commandDigest != nil)
  }

  /// The proof that the door loses nothing: `straight` re-implemented in Python
  /// (scripts/external/straight.py) gives the built-in's ink to the bit, on seeded strokes with
  /// fractional coordinates, duplicates and hairpins, at two sizes.
  @Test func pythonStraightGivesTheBuiltInsInkToTheBit() throws {
    let entry = try ExternalStrategyEntry(try exampleManifest("py-straight"))
    defer { entry.runtime.stopAll() }
    let seed: UInt64 = 0x5EED_57A1
    var rng = SplitMix64(seed: seed)
    for size in ["2", "3.25"] {
      let external = try entry.entry.configure(try StrategySpec.parse("py-straight(size=\(size))"))
      let builtIn = try StrategyCatalog.configure(try StrategySpec.parse("straight(size=\(size))"))
      for k in 0..<40 {
        var samples = StrokeGenerator.random(count: rng.int(in: 0...30), rng: &rng)
        // Off the generator's grid: every last bit of a coordinate matters.
        samples = samples.map { Sample(x: $0.x / 3, y: $0.y * 1.1, time: $0.time) }
        let mine = try external.watchingCalls { external.smooth(samples) }
        #expect(mine == builtIn.smooth(samples), "seed \(seed) size \(size) stroke \(k)")
      }
    }
  }
}
