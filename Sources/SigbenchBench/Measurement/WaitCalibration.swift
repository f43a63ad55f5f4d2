import CShim
import SigbenchResults

/// Sets up the `time=P` injection (`InjectedWork.fraction`) in one warmed-up strategy × lane and
/// checks what it does there.
///
/// The wait is sized in the loop from each window's own elapsed ticks; what a fixed part costs
/// around it (reads, mispredicted branches at the wait's edges, the batched bracket's own clock
/// reads inside the window) is measured here instead of guessed: `pairs` interleaved pairs of
/// batched passes without and with the injection, in alternating order (ABBA…, so a steady
/// drift cancels), give the change m₁ = median of T(on) / T(off) − 1, T being a pass's median
/// batched per-point figure; the excess (m₁ − P) % of a window's time, converted to ticks with
/// the tick rate measured over the same passes, becomes the wait's offset. A second set of
/// pairs measures the change again, for the record.
///
/// - Complexity: 4 · pairs batched passes of the workload plus 4,097 tick reads.
public enum WaitCalibration {
  static let pairs = 8

  /// Turns the injection on in `driver` and returns its record.
  static func calibrate(percent: Double, _ driver: inout LaneDriver, batch: Int)
    -> InjectionCalibration
  {
    driver.work.window = batch
    driver.work.readTicks = ticksPerRead()
    let ns0 = MonotonicClock.now()
    let ticks0 = cshim_ticks()
    let (first, baseNs) = change(percent, &driver, batch: batch)
    let ticksPerNs = Double(cshim_ticks() &- ticks0) / Double(max(1, MonotonicClock.now() &- ns0))
    driver.work.offsetTicks = (first - percent) / 100 * baseNs * Double(batch) * ticksPerNs
    let (measured, _) = change(percent, &driver, batch: batch)
    driver.work.fraction = percent / 100
    return InjectionCalibration(
      targetPercent: percent, window: batch, readTicks: driver.work.readTicks,
      offsetTicks: driver.work.offsetTicks, firstPercent: first, measuredPercent: measured,
      pairs: pairs)
  }

  /// The change `percent` makes now, percent, and the median per-point ns without it.
  static func change(_ percent: Double, _ driver: inout LaneDriver, batch: Int) -> (
    Double, Double
  ) {
    func cost(_ on: Bool) -> Double {
      driver.work.fraction = on ? percent / 100 : 0
      let pass = driver.batchedPass(batch: batch)
      return Bootstrap.median(pass.perPoint)
        ?? (pass.points > 0 ? pass.ns / Double(pass.points) : 0)
    }
    var changes: [Double] = []
    var offs: [Double] = []
    for i in 0..<pairs {
      var (off, on) = (0.0, 0.0)
      if i % 2 == 0 {
        off = cost(false)
        on = cost(true)
      } else {
        on = cost(true)
        off = cost(false)
      }
      if off > 0 {
        changes.append((on / off - 1) * 100)
        offs.append(off)
      }
    }
    return (Bootstrap.median(changes) ?? percent, Bootstrap.median(offs) ?? 0)
  }

  /// Ticks between two back-to-back reads of `cshim_ticks`: the median of 4,096 differences.
  static func ticksPerRead() -> Double {
    var diffs: [Double] = []
    diffs.reserveCapacity(4096)
    var last = cshim_ticks()
    for _ in 0..<4096 {
      let t = cshim_ticks()
      diffs.append(Double(t &- last))
      last = t
    }
    return Bootstrap.median(diffs) ?? 0
  }
}
