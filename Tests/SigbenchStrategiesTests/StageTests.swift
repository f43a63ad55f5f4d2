import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// The shared stages on their own: input filter, width model, round outline, Catmull-Rom
/// conversion.
@Suite struct StageTests {
  @Test("round outline: each polygon rung is centred on B(t), w(t) long, normal to B'(t)")
  func roundOutlineGeometry() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    let steps = RoundOutline.curveSteps
    var worst = 0.0
    var worstCos = 0.0
    for _ in 0..<300 {
      func rp() -> Point { Point(x: rng.double(in: -50...50), y: rng.double(in: -50...50)) }
      let a = WeightedPoint(rp(), width: rng.double(in: 0.5...9))
      let b = WeightedPoint(rp(), width: rng.double(in: 0.5...9))
      let shape = CurveShape.cubic(
        a, WeightedPoint(rp(), width: 0), WeightedPoint(rp(), width: 0), b)
      let origin = Point(x: rng.double(in: -500...500), y: rng.double(in: -500...500))
      var ink = InkGeometry()
      OutlineStyle.round.write(shape, startCap: true, origin: origin, into: &ink)
      #expect(ink.filledOutline.count == 2 * steps + 3)
      #expect(ink.discs.count == 2)
      let seg = ink.centerline[0]
      for k in 0...steps {
        let t = Double(k) / Double(steps)
        let l = InkComparison.points(ink.filledOutline[k])[0]
        let r = InkComparison.points(ink.filledOutline[2 * steps + 1 - k])[0]
        let c = seg.point(at: t)
        let h = 1e-6
        let tangent = seg.point(at: min(1, t + h)) - seg.point(at: max(0, t - h))
        worst = max(worst, (l.midpoint(r) - c).length)
        worst = max(worst, abs((l - r).length - seg.width(at: t)))
        if tangent.length > 1e-7 {
          // |cos| of the angle between the rung and the tangent (one-sided difference at the
          // ends, so a looser bound).
          worstCos = max(worstCos, abs((l - r).dot(tangent)) / (tangent.length * (l - r).length))
        }
      }
      #expect(ink.filledOutline.last == .close)
    }
    #expect(worst < 1e-9, "seed \(seed): worst \(worst)")
    #expect(worstCos < 1e-4, "seed \(seed): worst cos \(worstCos)")
  }

  @Test("round outline: a straight piece is the exact trapezoid of its end widths")
  func roundOutlineLine() {
    var ink = InkGeometry()
    let shape = CurveShape.line(
      WeightedPoint(Point(x: 0, y: 0), width: 2), WeightedPoint(Point(x: 0, y: 10), width: 6))
    OutlineStyle.round.write(shape, startCap: false, origin: Point(x: 100, y: 0), into: &ink)
    #expect(
      ink.filledOutline == [
        .move(Point(x: 99, y: 0)), .line(Point(x: 97, y: 10)), .line(Point(x: 103, y: 10)),
        .line(Point(x: 101, y: 0)), .close,
      ])
    #expect(ink.discs == [Disc(center: Point(x: 100, y: 10), radius: 3)])
    #expect(ink.outlineStrokeWidth == 0)
  }

  @Test("input filter drops only samples strictly closer than min-distance")
  func inputFilter() {
    var f = InputFilter(minDistance: 2)
    var kept: [Bool] = []
    for p in [Point(x: 0, y: 0), Point(x: 1.9999, y: 0), Point(x: 2, y: 0), Point(x: 3, y: 1)] {
      kept.append(f.apply(Sample(x: p.x, y: p.y)) != nil)
    }
    #expect(kept == [true, false, true, false])  // (3, 1) is 1.41 from the last kept point
    f.reset()
    let afterReset = f.apply(Sample(x: 2, y: 0)) != nil
    #expect(afterReset)
    var off = InputFilter(minDistance: 0)
    let both = [off.apply(Sample(x: 0, y: 0)) != nil, off.apply(Sample(x: 0, y: 0)) != nil]
    #expect(both == [true, true])
  }

  @Test("pressure width: linear in pressure, clamped, size when pressure is missing or invalid")
  func pressureModel() {
    let m = WidthModel(kind: .pressure, size: 2.5, minWidth: 1, maxWidth: 5)
    #expect(m.width(of: Sample(x: 0, y: 0, pressure: 0), after: nil) == 1)
    #expect(m.width(of: Sample(x: 0, y: 0, pressure: 0.25), after: nil) == 2)
    #expect(m.width(of: Sample(x: 0, y: 0, pressure: 1.5), after: nil) == 5)
    #expect(m.width(of: Sample(x: 0, y: 0), after: nil) == 2.5)
    #expect(m.width(of: Sample(x: 0, y: 0, pressure: .nan), after: nil) == 2.5)
    let a = WeightedPoint(.zero, width: 1)
    let b = WeightedPoint(Point(x: 10, y: 0), width: 5)
    #expect(m.joinWidth(from: a, to: b, at: Point(x: 5, y: 0)) == 3)
  }

  @Test("uber-distance width: 3 for the first point, Uber's weight of the gap afterwards")
  func uberModel() {
    let m = WidthModel(kind: .uberDistance, size: 2, minWidth: 1, maxWidth: 5)
    #expect(m.width(of: Sample(x: 5, y: 5), after: nil) == 3)
    #expect(abs(m.width(of: Sample(x: 3, y: 4), after: .zero) - 6.5) < 1e-12)
    let a = WeightedPoint(.zero, width: 6)
    let b = WeightedPoint(Point(x: 20, y: 0), width: 6)
    #expect(abs(m.joinWidth(from: a, to: b, at: Point(x: 10, y: 0)) - 6) < 1e-12)
  }

  @Test("uniform knots (alpha 0) give the classic handles P1 + (P2 − P0)/6")
  func uniformHandles() {
    let p = [Point(x: 0, y: 0), Point(x: 10, y: 3), Point(x: 13, y: 20), Point(x: 40, y: 22)]
    let (h1, h2) = CatmullRomSegment.controls(p[0], p[1], p[2], p[3], alpha: 0)
    #expect(InkComparison.difference(h1, p[1] + (p[2] - p[0]) / 6, tolerance: 1e-12) == nil)
    #expect(InkComparison.difference(h2, p[2] - (p[3] - p[1]) / 6, tolerance: 1e-12) == nil)
  }

  @Test("Uber's slot machine with constant width and round outline: no stroke, round dot")
  func uberRecombined() throws {
    let s = try StrategyCatalog.configure(
      StrategySpec.parse("uber-weighted(width=constant,size=4,outline=round)"))
    let ink = s.smooth(StrokeGenerator.samples([(0, 0), (10, 0), (20, 5), (30, 0), (40, 0)]))
    #expect(ink.outlineStrokeWidth == 0)
    #expect(ink.centerline.allSatisfy { $0.startWidth == 4 && $0.endWidth == 4 })
    #expect(ink.centerline.count == 2)  // one finalized cubic, then the baked line
    let tap = s.smooth([Sample(x: 1, y: 1)])
    #expect(tap.discs == [Disc(center: Point(x: 1, y: 1), radius: 2)])
  }

  @Test("the default Uber paint marks every emitted geometry with the 1 px outline stroke")
  func uberPaint() {
    let s = StrategyCatalog.defaults()[2]
    let t = StrategyContract.run(s, Fixtures.loop)
    for (i, chunk) in t.tentatives.enumerated() where !chunk.filledOutline.isEmpty {
      #expect(chunk.outlineStrokeWidth == 1, "push \(i)")
    }
    #expect(t.final.outlineStrokeWidth == 1)
  }
}

@Suite struct PaintTests {
  @Test("a StrokeOutput reused after Uber does not pass its 1 px stroke to a fill-only strategy")
  func reusedOutputPaint() {
    let all = StrategyCatalog.defaults()
    var output = StrokeOutput()
    var uber = all[2].makeInstance()
    for x in [0.0, 10, 20] { uber.push(Sample(x: x, y: 0), into: &output) }
    uber.finish(into: &output)
    #expect(output.stable.outlineStrokeWidth == 1)
    for id in [0, 1, 3] {
      var s = all[id].makeInstance()
      var ink = InkGeometry()
      for x in [0.0, 10, 20] {
        s.push(Sample(x: x, y: 0), into: &output)
        #expect(output.stable.outlineStrokeWidth == 0 && output.tentative.outlineStrokeWidth == 0)
        ink.append(contentsOf: output.stable)
      }
      s.finish(into: &output)
      ink.append(contentsOf: output.stable)
      #expect(ink.outlineStrokeWidth == 0, "\(all[id].label)")
    }
  }
}
