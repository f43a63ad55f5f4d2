import Foundation
import SigbenchBench
import SigbenchResults
import Testing

@Suite("callgrind parsing")
struct CallgrindProfileTests {
  /// A hand-written part in callgrind's format (`--compress-strings=no`): two calls into malloc
  /// from one caller, one via swift_slowAlloc, and a recursion suffix.
  static let text = """
    # callgrind format
    version: 1
    creator: callgrind-3.19.0
    part: 2
    desc: Trigger: Client Request: sigbench|0|push

    positions: line
    events: Ir
    summary: 40000

    ob=/usr/lib/x86_64-linux-gnu/libc.so.6
    fn=foo
    10 100
    cfn=malloc
    calls=3 0
    10 300
    cfn=swift_slowAlloc
    calls=2 0
    10 200
    fn=swift_slowAlloc
    cfn=malloc'2
    calls=2 0
    0 80
    cfn=(12) calloc
    calls=1 0
    0 8
    """

  @Test("label, total instructions and call counts by callee")
  func parse() {
    let p = CallgrindProfile(text: Self.text)
    #expect(p.label == "sigbench|0|push")
    #expect(p.instructions == 40_000)
    #expect(p.callsByFunction["malloc"] == 5)
    #expect(p.callsByFunction["calloc"] == 1)
    #expect(p.calls(CallgrindProfile.heapFunctions) == 6)
    #expect(p.calls(["swift_slowAlloc"]) == 2)
  }

  @Test("figures per point from the plan; missing parts are unavailable, never 0")
  func figures() {
    let plan = [
      CounterProbe.Plan(
        index: 0, strategy: "straight", strategyID: "straight", lane: .smooth, points: 100,
        steadyPoints: 92, strokes: 1, injectedSpins: 0),
      CounterProbe.Plan(
        index: 1, strategy: "straight", strategyID: "straight", lane: .smoothRaster, points: 10,
        steadyPoints: 2, strokes: 1, injectedSpins: 0),
    ]
    var steady = CallgrindProfile(text: Self.text)
    steady.label = "sigbench|0|steady"
    let parts = ["sigbench|0|push": CallgrindProfile(text: Self.text), "sigbench|0|steady": steady]
    let f = CallgrindProfile.figures(plans: plan, parts: parts)
    #expect(f[0].instructionsPerPoint == 400)
    #expect(f[0].allocationsPerPoint == 0.06)
    #expect(f[0].steadyAllocations == 6)
    #expect(f[0].instructionsPerFinish == nil)
    #expect(f[1].instructionsPerPoint == nil)
    #expect(f[1].allocationsPerPoint == nil)
    #expect(f[1].unavailableReason != nil)
  }
}
