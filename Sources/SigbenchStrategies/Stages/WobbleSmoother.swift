import SigbenchCore

/// The wobble smoother of Google's Ink Stroke Modeler (google/ink-stroke-modeler, README
/// "Wobble smoothing"): over the samples of a trailing time window it averages the positions
/// (p̄) and the speeds (v̄, each sample's distance from the previous one over their time
/// step), and returns `p̄ + λ · (p − p̄)` with `λ = clamp((v̄ − floor) / (ceiling − floor), 0, 1)`:
/// fully averaged when slow (where a digitizer's wobble shows), untouched when fast (where
/// averaging would cut corners).
///
/// The window holds at most `capacity` (32) samples: at rates above 32 per window (800 Hz
/// for the 40 ms default) it is shorter than `timeout`. Positions in px, times in s, speeds
/// in px/s.
///
/// - Complexity: O(capacity) per sample (the window is summed afresh, so no rounding drift
///   accumulates), no allocation.
struct WobbleSmoother: Sendable {
  static let capacity = 32

  let timeout: Double
  let floor: Double
  let ceiling: Double
  private var xs = InlineArray<32, Double>(repeating: 0)
  private var ys = InlineArray<32, Double>(repeating: 0)
  private var times = InlineArray<32, Double>(repeating: 0)
  private var speeds = InlineArray<32, Double>(repeating: 0)
  /// Index of the oldest entry and number of entries.
  private var head = 0
  private var count = 0
  private var last: (point: Point, time: Double)?

  init(timeout: Double, floor: Double, ceiling: Double) {
    self.timeout = timeout
    self.floor = floor
    self.ceiling = ceiling
  }

  /// The smoothed position of `p` taken at `time` (s; times must not decrease).
  mutating func apply(_ p: Point, time: Double) -> Point {
    var speed = 0.0
    if let last, time > last.time { speed = p.distance(to: last.point) / (time - last.time) }
    last = (p, time)
    while count > 0, times[head] < time - timeout || count == WobbleSmoother.capacity {
      head = (head + 1) % WobbleSmoother.capacity
      count -= 1
    }
    let slot = (head + count) % WobbleSmoother.capacity
    xs[slot] = p.x
    ys[slot] = p.y
    times[slot] = time
    speeds[slot] = speed
    count += 1
    var sx = 0.0
    var sy = 0.0
    var sv = 0.0
    for k in 0..<count {
      let i = (head + k) % WobbleSmoother.capacity
      sx += xs[i]
      sy += ys[i]
      sv += speeds[i]
    }
    let n = Double(count)
    let mean = Point(x: sx / n, y: sy / n)
    let lambda = min(1, max(0, (sv / n - floor) / (ceiling - floor)))
    return mean + (p - mean) * lambda
  }
}
