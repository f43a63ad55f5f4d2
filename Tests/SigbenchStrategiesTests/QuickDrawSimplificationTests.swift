import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// Google's Quick, Draw! simplified drawings reproduced from the raw ones with sigbench's RDP.
///
/// The recipe is the googlecreativelab/quickdraw-dataset README's: align the drawing to the
/// top-left (min 0), scale uniformly so the max is 255, resample every stroke at 1 px spacing,
/// simplify with Ramer–Douglas–Peucker at ε = 2.0. The steps the README leaves open were settled
/// against the 235 airplane strokes of the shared corpus (raw and simplified, same key_ids):
/// - the minimum and the scale are taken over the whole drawing, one scale for x and y;
/// - resampling walks each stroke's arc length: the first sample, then a point every 1 px of
///   arc length carried across the raw vertices, then always the last sample (so a one-sample
///   stroke becomes two equal points, as Google stores taps);
/// - RDP runs on those real-valued points and only the kept points are rounded, to the
///   nearest integer with ties to even (Python's `round`). Rounding halves away from zero
///   matches two strokes fewer; rounding before RDP, resampling at an even spacing per stroke
///   or measuring distances to the segment instead of the line match far fewer.
@Suite("Quick Draw simplification", .enabled(if: sharedCorpusURL() != nil))
struct QuickDrawSimplificationTests {
  /// The outcome of the comparison over every stroke of the matched drawings.
  struct Comparison {
    var strokes = 0
    var identical = 0
    /// The largest distance from a vertex of one stroke to the nearest vertex of the other,
    /// over the strokes that differ (px of the 0–255 grid).
    var largestDistance = 0.0
    var differing: [String] = []
  }

  /// The drawings of one Quick Draw file through sigbench's reader, by key_id.
  static func drawings(_ name: String) throws -> [(key: String, drawing: Drawing)] {
    let url = try #require(sharedCorpusURL()).appendingPathComponent("quickdraw/" + name)
    let result = try QuickDrawFormat().decode(
      Data(contentsOf: url), file: name, options: DecodeOptions())
    return result.drawings.map { (String($0.name.split(separator: "#").last ?? ""), $0) }
  }

  /// The stroke resampled at `spacing` px of arc length, first and last sample included.
  static func resampled(_ p: [Point], spacing: Double = 1) -> [Point] {
    guard let first = p.first, let last = p.last else { return [] }
    var out = [first]
    var carried = 0.0  // arc length since the last emitted point
    for (a, b) in zip(p, p.dropFirst()) {
      let length = (b - a).length
      guard length > 0 else { continue }
      var at = spacing - carried
      while at <= length {
        out.append(a.lerp(b, at / length))
        at += spacing
      }
      carried = length - (at - spacing)
    }
    out.append(last)
    return out
  }

  /// The recipe applied to one raw drawing: one integer point list per stroke.
  static func simplify(_ drawing: Drawing, resample: Bool = true) -> [[Point]] {
    let all = drawing.strokes.flatMap(\.samples).map(\.point)
    guard let minX = all.map(\.x).min(), let minY = all.map(\.y).min() else { return [] }
    let extent = max(all.map { $0.x - minX }.max()!, all.map { $0.y - minY }.max()!)
    let scale = extent > 0 ? 255 / extent : 1
    return drawing.strokes.map { stroke in
      let aligned = stroke.samples.map {
        Point(x: ($0.x - minX) * scale, y: ($0.y - minY) * scale)
      }
      let p = resample ? resampled(aligned) : aligned
      return RamerDouglasPeucker.keptIndices(p, epsilon: 2).map {
        Point(x: p[$0].x.rounded(.toNearestOrEven), y: p[$0].y.rounded(.toNearestOrEven))
      }
    }
  }

  /// Largest distance from a vertex of either list to the nearest vertex of the other.
  static func vertexDistance(_ a: [Point], _ b: [Point]) -> Double {
    func oneWay(_ x: [Point], _ y: [Point]) -> Double {
      x.map { p in y.map { (p - $0).length }.min() ?? .infinity }.max() ?? 0
    }
    return max(oneWay(a, b), oneWay(b, a))
  }

  /// Every raw airplane whose key_id is in the simplified file, stroke by stroke.
  static func compare(resample: Bool = true) throws -> Comparison {
    let google = Dictionary(
      try drawings("simplified_airplane.ndjson").map { ($0.key, $0.drawing) },
      uniquingKeysWith: { a, _ in a })
    var c = Comparison()
    for (key, raw) in try drawings("raw_airplane.ndjson") {
      guard let expected = google[key] else { continue }
      let mine = simplify(raw, resample: resample)
      #expect(mine.count == expected.strokes.count, "\(key): stroke count")
      for (k, (ours, theirs)) in zip(mine, expected.strokes.map { $0.samples.map(\.point) })
        .enumerated()
      {
        c.strokes += 1
        if ours == theirs {
          c.identical += 1
        } else {
          c.largestDistance = max(c.largestDistance, vertexDistance(ours, theirs))
          c.differing.append("\(key)#\(k)")
        }
      }
    }
    return c
  }

  @Test("the recipe with sigbench's RDP reproduces Google's simplified airplanes")
  func reproducesGoogle() throws {
    let c = try Self.compare()
    let share = Double(c.identical) / Double(max(1, c.strokes))
    print(
      "Quick Draw RDP check: \(c.identical)/\(c.strokes) strokes identical"
        + " (\(String(format: "%.1f", share * 100)) %), largest vertex distance otherwise"
        + " \(String(format: "%.2f", c.largestDistance)) px; differing: \(c.differing)")
    #expect(c.strokes == 235)  // all 50 drawings matched, every stroke compared
    // Measured: 233 of 235 identical. In the two others the first split finds several
    // resampled points of one raw segment parallel to the chord equally far from it, and the
    // last bit of rounding picks which is kept: 4 px apart in one stroke; in the other the
    // different pick changes the later splits too (7 px at most).
    #expect(c.identical >= 231)
    #expect(c.largestDistance <= 8)
  }

  @Test("the check discriminates: without the 1 px resampling most strokes differ")
  func resamplingMatters() throws {
    let c = try Self.compare(resample: false)
    #expect(c.strokes == 235)
    #expect(c.identical < c.strokes / 2, "\(c.identical) identical without resampling")
  }
}
