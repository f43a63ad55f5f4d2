import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// The outline stages are computed with `SIMD2<Double>` lanes, shared chord lengths and in
/// place; these tests hold them to the plain scalar formulas they replace, bit for bit.
@Suite struct OutlineExactnessTests {
  /// Every coordinate of `elements`, as bit patterns, with the element kinds.
  static func bits(_ elements: [PathElement]) -> [UInt64] {
    elements.flatMap { e -> [UInt64] in
      switch e {
      case .move(let p): return [1, p.x.bitPattern, p.y.bitPattern]
      case .line(let p): return [2, p.x.bitPattern, p.y.bitPattern]
      case .quad(let c, let p):
        return [3, c.x.bitPattern, c.y.bitPattern, p.x.bitPattern, p.y.bitPattern]
      case .cubic(let a, let b, let p):
        return [
          4, a.x.bitPattern, a.y.bitPattern, b.x.bitPattern, b.y.bitPattern, p.x.bitPattern,
          p.y.bitPattern,
        ]
      case .close: return [5]
      }
    }
  }

  /// The scalar polygon of a curved piece (`RoundOutline`'s documented formula, `Point`
  /// arithmetic in the documented order).
  static func scalarBand(_ s: CenterlineSegment, origin o: Point) -> [PathElement] {
    func unit(_ d: Point) -> Point? {
      let len = d.length
      guard len > 0 else { return nil }
      let inv = 1 / len
      return Point(x: -d.y * inv, y: d.x * inv)
    }
    func normal(_ d: Point, atStart: Bool) -> Point? {
      unit(d) ?? unit(atStart ? s.control2 - s.start : s.end - s.control1)
        ?? unit(s.end - s.start)
    }
    let steps = RoundOutline.curveSteps
    let c1 = (s.control1 - s.start) * 3
    let c2 = (s.start - s.control1 * 2 + s.control2) * 3
    let c3 = s.end - s.start + (s.control1 - s.control2) * 3
    let d1 = s.control1 - s.start
    let e1 = (s.control2 - s.control1 * 2 + s.start) * 2
    let e2 = s.end - s.start + (s.control1 - s.control2) * 3
    guard let n0 = normal(d1, atStart: true) else { return [] }
    var left: [PathElement] = []
    var right: [PathElement] = []
    for k in 0...steps {
      let t = Double(k) * (1 / Double(steps))
      let p = s.start + (c1 + (c2 + c3 * t) * t) * t
      let d = d1 + (e1 + e2 * t) * t
      let n = k == 0 ? n0 : (k == steps ? (normal(d, atStart: false) ?? n0) : (unit(d) ?? n0))
      let h = n * ((s.startWidth + (s.endWidth - s.startWidth) * t) / 2)
      left.append(k == 0 ? .move(p + h + o) : .line(p + h + o))
      right.insert(.line(p - h + o), at: 0)
    }
    return left + right + [.close]
  }

  @Test("round outline of a curved piece: the scalar polygon, bit for bit")
  func roundCurveBits() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for i in 0..<500 {
      func rp() -> Point {
        // Every fifth piece has coincident points (zero tangents at the ends).
        Point(x: rng.double(in: -300...300), y: rng.double(in: -300...300))
      }
      let a = rp()
      let c1 = i % 5 == 0 ? a : rp()
      let b = rp()
      let c2 = i % 7 == 0 ? b : rp()
      let wa = rng.double(in: 0.5...9)
      let wb = rng.double(in: 0.5...9)
      let shape = CurveShape.cubic(
        WeightedPoint(a, width: wa), WeightedPoint(c1, width: 0), WeightedPoint(c2, width: 0),
        WeightedPoint(b, width: wb))
      let origin = Point(x: rng.double(in: -900...900), y: rng.double(in: -900...900))
      var ink = InkGeometry()
      OutlineStyle.round.write(shape, startCap: false, origin: origin, into: &ink)
      let expected = Self.scalarBand(shape.centerline!, origin: origin)
      #expect(Self.bits(ink.filledOutline) == Self.bits(expected), "seed \(seed), piece \(i)")
    }
  }

  @Test("round outline of a line: the scalar quadrilateral, bit for bit")
  func roundLineBits() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for i in 0..<500 {
      let a = WeightedPoint(
        Point(x: rng.double(in: -300...300), y: rng.double(in: -300...300)),
        width: rng.double(in: 0.5...9))
      let b = WeightedPoint(
        Point(x: rng.double(in: -300...300), y: rng.double(in: -300...300)),
        width: rng.double(in: 0.5...9))
      let o = Point(x: rng.double(in: -900...900), y: rng.double(in: -900...900))
      var ink = InkGeometry()
      OutlineStyle.round.write(.line(a, b), startCap: false, origin: o, into: &ink)
      let d = b.point - a.point
      let len = d.length
      let n = Point(x: -d.y / len, y: d.x / len)
      let na = n * (a.width / 2)
      let nb = n * (b.width / 2)
      let expected: [PathElement] = [
        .move(a.point + na + o), .line(b.point + nb + o), .line(b.point - nb + o),
        .line(a.point - na + o), .close,
      ]
      #expect(Self.bits(ink.filledOutline) == Self.bits(expected), "seed \(seed), line \(i)")
    }
  }

  @Test("rung pair: the two rungs of Uber's formula, bit for bit, degenerate cases included")
  func rungPairBits() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for i in 0..<500 {
      let a = Point(x: rng.double(in: -300...300), y: rng.double(in: -300...300))
      let b = i % 9 == 0 ? a : Point(x: rng.double(in: -300...300), y: rng.double(in: -300...300))
      let wa = i % 11 == 0 ? 0 : rng.double(in: 0.5...9)
      let wb = rng.double(in: 0.5...9)
      let (ra, rb) = RungOutline.pair(WeightedPoint(a, width: wa), WeightedPoint(b, width: wb))
      let ea = RungOutline.rung(from: a, to: b, through: a, width: wa)
      let eb = RungOutline.rung(from: a, to: b, through: b, width: wb)
      for (got, want) in [(ra, ea), (rb, eb)] {
        #expect(
          [got.start.x, got.start.y, got.end.x, got.end.y].map(\.bitPattern)
            == [want.start.x, want.start.y, want.end.x, want.end.y].map(\.bitPattern),
          "seed \(seed), pair \(i)")
      }
    }
  }
}
