import SigbenchCore
import SigbenchResults
import SigbenchStrategies
import Testing

@testable import SigbenchRun

/// What a parent hands its workers about external strategies: folders and digests, checked by
/// the worker; and several processes' external lanes as one.
@Suite("external strategies across worker processes")
struct ExternalDigestsTests {
  static func external(_ id: String, manifest: String, command: String?, path: String)
    -> ConfiguredStrategy
  {
    let descriptor = StrategyDescriptor(id: id, summary: "", details: "", parameters: [])
    let configuration = try! StrategyConfiguration(descriptor: descriptor, options: [])
    let origin = ExternalStrategyOrigin(
      kind: "process", manifestPath: path, command: ["python3", "x.py"],
      manifestDigest: manifest, commandDigest: command, commandFiles: command == nil ? [] : ["x.py"]
    )
    return ConfiguredStrategy(configuration: configuration, origin: .external(origin)) {
      Straight(settings: try! Straight.settings(from: configuration))
    }
  }

  @Test func digestsRoundTripAndAChangedOneStopsTheWorker() throws {
    let a = Self.external(
      "py-a", manifest: "aa", command: "cc", path: "dir/a.sigbench-strategy.json")
    let b = Self.external(
      "py-b", manifest: "bb", command: nil, path: "/abs/b.sigbench-strategy.json")
    let c = Self.external("py-c", manifest: "dd", command: nil, path: "c.sigbench-strategy.json")
    let straight = try StrategyCatalog.configure(StrategySpec(id: "straight"))
    let text = try #require(ExternalDigests.text([straight, a, b, a]))
    #expect(text == "py-a=aa/cc,py-b=bb/none")
    #expect(ExternalDigests.text([straight]) == nil)
    #expect(ExternalDigests.folders([a, b, c, straight, a]) == ["dir", "/abs", "."])
    try ExternalDigests.check(text, against: [straight, a, b])
    let changed = Self.external("py-b", manifest: "b2", command: nil, path: "/abs/b.json")
    #expect {
      try ExternalDigests.check(text, against: [a, changed])
    } throws: { error in
      "\(error)".contains("external strategy 'py-b' changed while sigbench ran")
        && "\(error)".contains("bb/none") && "\(error)".contains("b2/none")
    }
    #expect {
      try ExternalDigests.check(text, against: [a])
    } throws: { error in "\(error)".contains("this worker did not find it") }
  }

  @Test func processesFiguresAreTheirMedians() throws {
    func lane(_ values: [Double]) -> ExternalLatencyFigures {
      ExternalLatencyFigures(
        strategy: "py-a", lane: .roundTrip, push: LatencySummary(values), finish: nil,
        strokes: 2, processes: 1)
    }
    let merged = ExternalLatencyFigures.medianOverProcesses([
      [lane([10, 20, 30])], [lane([40, 50, 60])], [lane([1, 2, 3])],
    ])
    let push = try #require(merged.first?.push)
    #expect(push.p50 == 20)
    #expect(push.count == 9)
    #expect(push.max == 30)
    #expect(merged.first?.processes == 3)
    #expect(merged.first?.strokes == 6)
    var failed = lane([1])
    failed.push = nil
    failed.unavailableReason = "it exited"
    let broken = ExternalLatencyFigures.medianOverProcesses([[lane([5])], [failed]])
    #expect(broken.first?.push == nil && broken.first?.unavailableReason == "it exited")
  }
}
