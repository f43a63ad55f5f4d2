import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchRender

/// The shortcuts of the SVG size figure against the written text: `byteCountIfInked` (bounds and
/// body counted in one walk) equals the length of `document`, and bands and stamp runs kept as
/// such give the same bounds and the same text as their written-out path elements and discs
/// (`filledOutline`, `filledDiscs`), which is what the writer and `InkBounds` consumed before.
@Suite("SVG count shortcuts")
struct SVGCountShortcutTests {
  /// A coordinate: mostly ordinary, sometimes on a 1/2000 grid (rounding ties), sometimes
  /// non-finite, zero or negative zero.
  static func coordinate(_ rng: inout SplitMix64) -> Double {
    switch rng.int(in: 0...19) {
    case 0: return [Double.nan, .infinity, -0.0, 0][rng.int(in: 0...3)]
    case 1...4: return Double(rng.int(in: -400_000...400_000)) / 2000
    default: return rng.double(in: -50...250)
    }
  }

  static func point(_ rng: inout SplitMix64) -> Point {
    Point(x: coordinate(&rng), y: coordinate(&rng))
  }

  /// A finite point near `p` (a band's controls on its ends, or a degenerate piece).
  static func near(_ p: Point, _ rng: inout SplitMix64) -> Point {
    switch rng.int(in: 0...3) {
    case 0: return p
    default: return Point(x: p.x + rng.double(in: -9...9), y: p.y + rng.double(in: -9...9))
    }
  }

  /// Random ink: outline elements of every kind (open subpaths, drawing commands without a
  /// move, non-finite ones), straight, curved and degenerate bands, discs, stamp runs and
  /// sometimes an outline stroke.
  static func ink(_ rng: inout SplitMix64) -> InkGeometry {
    var g = InkGeometry()
    for _ in 0..<rng.int(in: 0...12) {
      switch rng.int(in: 0...5) {
      case 0: g.append(.move(point(&rng)))
      case 1, 2: g.append(.line(point(&rng)))
      case 3: g.append(.quad(control: point(&rng), to: point(&rng)))
      case 4: g.append(.cubic(control1: point(&rng), control2: point(&rng), to: point(&rng)))
      default: g.append(.close)
      }
    }
    for _ in 0..<rng.int(in: 0...6) {
      let a = Point(x: rng.double(in: -20...200), y: rng.double(in: -20...200))
      let c1 = near(a, &rng)
      let b = near(a, &rng)
      let c2 = near(b, &rng)
      let s = CenterlineSegment(
        start: a, control1: c1, control2: c2, end: b, startWidth: rng.double(in: 0...6),
        endWidth: rng.double(in: 0...6))
      let origin = rng.int(in: 0...9) == 0 ? point(&rng) : near(Point(x: 10, y: 20), &rng)
      g.append(RoundBand(segment: s, origin: origin, isStraight: rng.int(in: 0...1) == 0))
    }
    for _ in 0..<rng.int(in: 0...2) {
      g.append(Disc(center: point(&rng), radius: rng.double(in: -1...4)))
    }
    if rng.int(in: 0...3) == 0 {
      let a = Point(x: rng.double(in: 0...100), y: rng.double(in: 0...100))
      g.append(
        StampRun(
          start: a, control1: near(a, &rng), control2: near(a, &rng), end: near(a, &rng),
          origin: Point(x: 3, y: 4), startRadius: rng.double(in: 0...3),
          endRadius: rng.double(in: 0...3), maxRadius: 3, count: rng.int(in: 1...5)))
    }
    if rng.int(in: 0...3) == 0 { g.outlineStrokeWidth = [1, 0.5, 2.25][rng.int(in: 0...2)] }
    if rng.int(in: 0...9) == 0 {
      g.append(
        CenterlineSegment.line(
          point(&rng), point(&rng), startWidth: rng.double(in: 0...3), endWidth: 1))
    }
    return g
  }

  /// `g` with its bands and stamp runs written out into plain outline elements and discs
  /// (degenerate bands, which write nothing, kept so that `hasFill` stays the same).
  static func writtenOut(_ g: InkGeometry) -> InkGeometry {
    InkGeometry(
      centerline: g.centerline, outline: InkArray(g.filledOutline),
      discs: InkArray(g.filledDiscs), bands: InkArray(g.bands.filter { $0.vertexCount == 0 }),
      outlineStrokeWidth: g.outlineStrokeWidth)
  }

  /// `InkBounds.of` as it was before the shortcuts: `filledOutline` flattened into a
  /// `PolygonBuffer`, every point boxed, the discs, then every piece of the outline stroke.
  static func referenceBounds(_ inks: [InkGeometry]) -> Rect? {
    var box = InkBounds.Box()
    for g in inks {
      guard g.hasFill else {
        InkBounds.add(g, to: &box)  // the centreline path is unchanged
        continue
      }
      var polys = PolygonBuffer()
      Flattener(tolerance: 0.01).flatten(g.filledOutline, .identity, into: &polys)
      for p in polys.points { box.add(p) }
      for d in g.filledDiscs where d.radius > 0 { box.add(d.center, pad: d.radius) }
      let sw = g.outlineStrokeWidth
      if sw > 0, sw.isFinite {
        let stroker = OutlineStroker(width: sw)
        for i in 0..<polys.count {
          stroker.stroke(Array(polys.polygon(i))) { piece in for p in piece { box.add(p) } }
        }
        for d in g.filledDiscs where d.radius > 0 { box.add(d.center, pad: d.radius + sw / 2) }
      }
    }
    return box.rect
  }

  static func same(_ a: Rect?, _ b: Rect?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return [a.minX, a.minY, a.size.width, a.size.height].map(\.bitPattern)
      == [b.minX, b.minY, b.size.width, b.size.height].map(\.bitPattern)
  }

  @Test("random ink: the one-walk count is the text's length; bands give their elements' text")
  func randomInk() {
    let seed = propertySeed()
    print("SVGCountShortcutTests.randomInk: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    let styles = [
      VectorStyle(), VectorStyle(ink: RGBA(20, 40, 200, 128), opacity: 0.7, margin: 1.5),
      VectorStyle(background: RGBA(255, 255, 255, 90), margin: 0.0005),
    ]
    for _ in 0..<3000 {
      let inks = (0..<rng.int(in: 0...3)).map { _ in Self.ink(&rng) }
      let plain = inks.map(Self.writtenOut)
      let reference = Self.referenceBounds(inks)
      #expect(Self.same(InkBounds.of(inks), reference), "seed \(seed)")
      #expect(Self.same(InkBounds.of(plain), reference), "seed \(seed)")
      for style in styles {
        let writer = SVGWriter(style: style)
        let text = try? writer.document(inks)
        #expect(text == (try? writer.document(plain)), "seed \(seed)")
        let counted = try? writer.byteCountIfInked(inks)
        #expect((counted ?? nil) == text?.utf8.count, "seed \(seed)")
        #expect((try? writer.byteCount(inks)) == text?.utf8.count, "seed \(seed)")
      }
    }
  }

  @Test("the stroke's bounds without the pieces deep inside are the bounds of every piece")
  func strokeBounds() {
    let seed = propertySeed()
    print("SVGCountShortcutTests.strokeBounds: SIGBENCH_SEED=\(seed)")
    var rng = SplitMix64(seed: seed)
    for _ in 0..<3000 {
      let scale = [1e-3, 1, 50, 1e5][rng.int(in: 0...3)]
      var points = (0..<rng.int(in: 0...40)).map { _ in
        Point(x: rng.double(in: -1...1) * scale, y: rng.double(in: -1...1) * scale)
      }
      if rng.int(in: 0...5) == 0, !points.isEmpty { points.append(points[0]) }  // a zero edge
      if rng.int(in: 0...9) == 0 { points.append(Self.point(&rng)) }  // maybe not finite
      let stroker = OutlineStroker(
        width: [1, 0.5, 7.5, 1e-9, 300][rng.int(in: 0...4)],
        miterLimit: [10, 10, 1, 4][rng.int(in: 0...3)])
      // The bounds before the stroke: the polygon's own, maybe with a disc beyond it.
      var inner = InkBounds.Box()
      for p in points { inner.add(p) }
      if rng.int(in: 0...3) == 0 { inner.add(Point(x: 0, y: 0), pad: scale * 0.8) }
      var expected = inner
      stroker.stroke(points) { piece in for p in piece { expected.add(p) } }
      var box = inner
      points.withUnsafeBufferPointer { stroker.addStroke($0, to: &box, inside: inner) }
      #expect(Self.same(box.rect, expected.rect), "seed \(seed)")
    }
  }
}
