import Foundation
import SigbenchCore

/// What `sigbench info` prints about one drawing: counts, channels, units, rate, extent.
///
/// Built in O(samples) by `DrawingInfo(drawing:warningTexts:)` (SigbenchFormats adds
/// `init(drawing:warnings:)` taking the readers' warnings). Positions in CSS px, times in
/// seconds, rate in Hz. Codable, so `--json` can print it as is.
public struct DrawingInfo: Hashable, Codable, Sendable {
  public var name: String
  /// Ink strokes and their samples.
  public var strokes: Int
  public var samples: Int
  /// Hover traces and their samples.
  public var hoverStrokes: Int
  public var hoverSamples: Int
  /// Channels present on every ink sample, in the order x, y, t, pressure, tilt, azimuth;
  /// a channel present on some samples only is listed with a `?` suffix.
  public var channels: [String]
  public var nativeUnits: String
  public var nominalScale: Bool
  /// Sample rate estimated from the median time step inside strokes (Hz); `nil` when untimed
  /// or no stroke has two distinct times.
  public var estimatedSampleRate: Double?
  /// The rate the source states or the reader estimated (`metadata.sampleRate`).
  public var statedSampleRate: Double?
  /// Bounds of the ink samples; `nil` when there are none.
  public var bounds: Rect?
  /// Last time minus first time over ink and hover, seconds; `nil` when untimed.
  public var duration: Double?
  public var notes: [String]
  public var warnings: [String]

  public init(drawing d: Drawing, warningTexts: [String] = []) {
    name = d.name
    strokes = d.strokes.count
    samples = d.sampleCount
    hoverStrokes = d.hover.count
    hoverSamples = d.hover.reduce(0) { $0 + $1.samples.count }
    var counts = [Int](repeating: 0, count: 4)
    var steps: [Double] = []
    var tMin = Double.infinity
    var tMax = -Double.infinity
    for s in d.strokes {
      var previous: Double?
      for p in s.samples {
        if let t = p.time {
          counts[0] += 1
          if let q = previous, t > q { steps.append(t - q) }
          previous = t
        }
        if p.pressure != nil { counts[1] += 1 }
        if p.tilt != nil { counts[2] += 1 }
        if p.azimuth != nil { counts[3] += 1 }
      }
    }
    for s in d.strokes + d.hover {
      for p in s.samples {
        if let t = p.time {
          tMin = min(tMin, t)
          tMax = max(tMax, t)
        }
      }
    }
    channels = samples > 0 ? ["x", "y"] : []
    for (i, name) in ["t", "pressure", "tilt", "azimuth"].enumerated() where counts[i] > 0 {
      channels.append(counts[i] == samples ? name : name + "?")
    }
    nativeUnits = d.metadata.nativeUnits
    nominalScale = d.metadata.nominalScale
    estimatedSampleRate = DrawingInfo.rate(fromSteps: steps)
    statedSampleRate = d.metadata.sampleRate
    bounds = d.bounds
    duration = tMax >= tMin ? tMax - tMin : nil
    notes = d.metadata.notes
    warnings = warningTexts
  }

  /// 1 / median of `steps` (seconds), or `nil` when there are no positive steps. O(n log n).
  public static func rate(fromSteps steps: [Double]) -> Double? {
    let positive = steps.filter { $0 > 0 && $0.isFinite }.sorted()
    guard !positive.isEmpty else { return nil }
    let n = positive.count
    let median = n % 2 == 1 ? positive[n / 2] : (positive[n / 2 - 1] + positive[n / 2]) / 2
    return 1 / median
  }
}
