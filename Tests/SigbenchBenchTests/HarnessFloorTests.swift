import SigbenchBench
import SigbenchResults
import Testing

@Suite("benchmark floor across processes")
struct HarnessFloorTests {
  /// A process's timer record with a floor of `single` ns (p99 and batched derived from it).
  static func timer(floor single: Double?) -> TimerCalibration {
    var t = TimerCalibration(
      clock: "test", resolutionNs: 1, smallestStepNs: 20, overheadNs: 30, overheadP99Ns: 40)
    t.floor = single.map {
      HarnessFloor(singleP50Ns: $0, singleP99Ns: $0 + 15, batchedP50Ns: $0 / 4)
    }
    return t
  }

  @Test("the report's floor is the median over processes of each figure")
  func medianOverProcesses() throws {
    let timers = [60.0, 40, 50].map { Self.timer(floor: $0) } + [Self.timer(floor: nil)]
    let floor = try #require(HarnessFloor.median(timers))
    #expect(floor == HarnessFloor(singleP50Ns: 50, singleP99Ns: 65, batchedP50Ns: 12.5))
    // Even count: the mean of the two middle values.
    let even = try #require(HarnessFloor.median([40.0, 50].map { Self.timer(floor: $0) }))
    #expect(even.singleP50Ns == 45)
    #expect(HarnessFloor.median([Self.timer(floor: nil)]) == nil)
  }

  @Test("processes at two speeds are named; processes at one speed are not")
  func unevenProcesses() throws {
    let mixed = [55.0, 40, 58, 41, 42].map { Self.timer(floor: $0) }
    let w = try #require(BenchWarnings.unevenProcesses(mixed))
    #expect(w.kind == .unevenProcesses)
    #expect(w.text.contains("was 40.0 ns–42.0 ns in 3 of 5 processes"), "\(w.text)")
    #expect(w.text.contains("up to 58.0 ns in the others (×1.45)"), "\(w.text)")
    // Within the ratio (48 / 40 = 1.2 ≤ 1.25), a single process, or no floors: nothing.
    #expect(BenchWarnings.unevenProcesses([40.0, 44, 48].map { Self.timer(floor: $0) }) == nil)
    #expect(BenchWarnings.unevenProcesses([Self.timer(floor: 80)]) == nil)
    #expect(BenchWarnings.unevenProcesses([Self.timer(floor: nil), Self.timer(floor: nil)]) == nil)
    // Just over the ratio.
    #expect(BenchWarnings.unevenProcesses([40.0, 50.5].map { Self.timer(floor: $0) }) != nil)
  }
}
