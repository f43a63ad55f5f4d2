import Foundation
import SigbenchResults

/// One axis of a chart: maps data values to pixels, linearly or on a log₁₀ scale, and chooses
/// readable ticks.
public struct ChartAxis: Sendable, Hashable {
  public enum Scale: Sendable, Hashable {
    case linear
    /// Base-10 logarithm; the domain must be positive.
    case log
  }

  public var scale: Scale
  /// Data range shown (low < high; for `.log`, low > 0).
  public var low: Double
  public var high: Double
  /// Axis title including its unit, e.g. "latency per point (ns)".
  public var title: String
  /// Ticks only at whole numbers (run indices, counts): a step of at least 1.
  public var integer = false

  public init(scale: Scale, low: Double, high: Double, title: String) {
    self.scale = scale
    self.title = title
    var lo = low
    var hi = high
    if scale == .log {
      lo = max(lo, 1e-12)
      hi = max(hi, lo * 1.0001)
      // Widen to whole decades so ticks land on 1, 10, 100…
      lo = pow10(floorLog10(lo))
      hi = pow10(ceilLog10(hi))
      if hi <= lo { hi = lo * 10 }
    } else if hi <= lo {
      hi = lo + 1
    }
    self.low = lo
    self.high = hi
  }

  /// Position of `v` in [0, 1] along the axis (clamped).
  public func fraction(_ v: Double) -> Double {
    let f: Double
    switch scale {
    case .linear: f = (v - low) / (high - low)
    case .log:
      let lv = log10(max(v, low))
      f = (lv - log10(low)) / (log10(high) - log10(low))
    }
    return min(1, max(0, f))
  }

  /// Tick values with labels: decades (and 2, 5 between them when there are few decades) on a
  /// log axis; 1-2-5 steps on a linear axis (whole steps on an `integer` axis). No two ticks
  /// share a label: when `label` writes two alike (0.030, 0.030), the ticks are labelled with
  /// the decimals their step needs instead, and a log axis never shows a tick as 0 (its labels
  /// fall back to three significant digits).
  public func ticks(format label: (Double) -> String) -> [(value: Double, label: String)] {
    var values: [Double] = []
    var decimals = 0
    switch scale {
    case .log:
      let d0 = Int(floorLog10(low).rounded())
      let d1 = Int(ceilLog10(high).rounded())
      let few = d1 - d0 <= 2
      for d in d0...d1 {
        let base = pow10(Double(d))
        for m in few ? [1.0, 2, 5] : [1.0] where base * m >= low * 0.999 && base * m <= high * 1.001
        {
          values.append(base * m)
        }
      }
    case .linear:
      let span = high - low
      let raw = span / 5
      let mag = pow10(floorLog10(raw))
      var step = [1.0, 2, 5, 10].map { $0 * mag }.first { $0 >= raw } ?? mag * 10
      if integer { step = max(1, step.rounded(.up)) }
      decimals = max(0, Int(-floorLog10(step)))
      var v = (low / step).rounded(.up) * step
      while v <= high + step * 1e-9 {
        values.append(abs(v) < step * 1e-9 ? 0 : v)
        v += step
      }
    }
    var labels = values.map(label)
    let repeated = Set(labels).count < labels.count
    // Just the decimals the step needs: `80000.0` reads `80000`, and when the given format
    // rounds two ticks alike they are relabelled with those decimals too.
    let needed = values.map { $0 == 0 ? "0" : format($0, digits: decimals) }
    let padded =
      zip(labels, needed).allSatisfy { label, short in
        Double(label) != nil && Double(label) == Double(short)
      } && zip(labels, needed).contains { $0.count > $1.count }
    switch scale {
    case .linear where repeated || padded:
      labels = needed
    case .log where repeated || labels.contains { Double($0) == 0 }:
      labels = values.map { String(format: "%.3g", $0) }
    default: break
    }
    return zip(values, labels).map { ($0, $1) }
  }
}

func pow10(_ e: Double) -> Double {
  var r = 1.0
  let n = Int(e.rounded())
  if n >= 0 { for _ in 0..<n { r *= 10 } } else { for _ in 0..<(-n) { r /= 10 } }
  return r
}

func floorLog10(_ v: Double) -> Double { (log10(v) + 1e-9).rounded(.down) }
func ceilLog10(_ v: Double) -> Double { (log10(v) - 1e-9).rounded(.up) }
