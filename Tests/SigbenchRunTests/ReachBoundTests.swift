import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchRun

/// The smoothing stage's quick test of the writers' ±400,000 px bound (`CellFailures
/// .reachBound`) never says less than the exact bounds it stands in for: outline elements with
/// an outline stroke, bands (written out as polygons), discs, stamp runs (written out as discs)
/// and centreline-only ink, from tiny to past the bound, negative widths and radii included.
@Test func reachBoundIsNeverBelowTheExactReach() {
  let seed = propertySeed()
  print("reachBoundIsNeverBelowTheExactReach: SIGBENCH_SEED=\(seed)")
  var rng = SplitMix64(seed: seed)
  func point(_ scale: Double) -> Point {
    Point(x: rng.double(in: -1...1) * scale, y: rng.double(in: -1...1) * scale)
  }
  for round in 0..<2_000 {
    let scale = [1e-3, 1, 500, 100_000, 500_000][round % 5]
    func segment() -> CenterlineSegment {
      CenterlineSegment(
        start: point(scale), control1: point(scale), control2: point(scale), end: point(scale),
        startWidth: rng.double(in: -2...40), endWidth: rng.double(in: -2...40))
    }
    var ink = InkGeometry()
    switch round % 4 {
    case 0:
      ink.outline.append(.move(point(scale)))
      ink.outline.append(.cubic(control1: point(scale), control2: point(scale), to: point(scale)))
      ink.outline.append(.quad(control: point(scale), to: point(scale)))
      ink.outline.append(.close)
      ink.outlineStrokeWidth = rng.double(in: 0...3)
      ink.bands.append(RoundBand(segment: segment(), origin: point(scale), isStraight: false))
      ink.bands.append(RoundBand(segment: segment(), origin: point(scale), isStraight: true))
    case 1:
      let s = segment()
      ink.stamps.append(
        StampRun(
          start: s.start, control1: s.control1, control2: s.control2, end: s.end,
          origin: point(scale), startRadius: rng.double(in: -1...20),
          endRadius: rng.double(in: -1...20), maxRadius: rng.double(in: -30...30),
          count: rng.int(in: 1...40)))
      ink.discs.append(Disc(center: point(scale), radius: rng.double(in: -5...50)))
    case 2:
      ink.centerline.append(segment())
      ink.centerline.append(segment())
    default:
      ink.centerline.append(segment())
      ink.bands.append(RoundBand(segment: segment(), origin: point(scale), isStraight: false))
      ink.discs.append(Disc(center: point(scale), radius: rng.double(in: 0...5)))
    }
    guard let b = ink.bounds else { continue }
    let exact = max(abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
    #expect(CellFailures.reachBound(ink) >= exact, "round \(round): \(exact)")
  }
}
