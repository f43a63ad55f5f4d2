import SigbenchBench
import SigbenchResults

/// The closure harness at its shortest (one discarded, two checked and one timed pass), for
/// tests that need real timings but not precise ones.
enum QuickHarness {
  static var timer: ClosureTimer {
    ClosureBenchmark(
      timer: TimerCalibration.measure(rounds: 1000), runs: 1,
      warmup: WarmupPolicy(maxCheckedPasses: 2), runsPerCheck: 1
    ).closureTimer
  }
}
