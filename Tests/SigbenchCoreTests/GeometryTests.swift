import SigbenchCore
import SigbenchTestSupport
import Testing

@Suite("geometry value types")
struct GeometryTests {
  @Test("a quadratic elevated to a cubic traces the same curve")
  func quadraticElevation() {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for _ in 0..<200 {
      let a = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
      let c = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
      let b = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
      let seg = CenterlineSegment.quadratic(a, control: c, b, startWidth: 1, endWidth: 3)
      for k in 0...10 {
        let t = Double(k) / 10
        let u = 1 - t
        let q = a * (u * u) + c * (2 * u * t) + b * (t * t)
        #expect((seg.point(at: t) - q).length < 1e-9, "seed \(seed)")
      }
      #expect(seg.width(at: 0.5) == 2)
    }
  }

  @Test("a line segment is straight with uniform parameter")
  func line() {
    let s = CenterlineSegment.line(Point(x: 0, y: 0), Point(x: 3, y: 6), startWidth: 2, endWidth: 2)
    #expect((s.point(at: 0.5) - Point(x: 1.5, y: 3)).length < 1e-12)
    #expect((s.point(at: 1.0 / 3) - Point(x: 1, y: 2)).length < 1e-12)
  }

  @Test("translation moves every part of the geometry and keeps widths")
  func translation() {
    var g = InkGeometry()
    g.append(.line(Point(x: 0, y: 0), Point(x: 1, y: 0), startWidth: 2, endWidth: 2))
    g.append(.move(Point(x: 0, y: 0)))
    g.append(
      .cubic(control1: Point(x: 1, y: 1), control2: Point(x: 2, y: 1), to: Point(x: 3, y: 0)))
    g.append(.close)
    g.append(Disc(center: Point(x: 5, y: 5), radius: 2))
    let t = g.translated(by: Point(x: 10, y: -5))
    #expect(t.centerline[0].start == Point(x: 10, y: -5))
    #expect(
      t.filledOutline[1]
        == .cubic(
          control1: Point(x: 11, y: -4), control2: Point(x: 12, y: -4), to: Point(x: 13, y: -5)))
    #expect(t.discs[0] == Disc(center: Point(x: 15, y: 0), radius: 2))
    #expect(t.centerline[0].startWidth == 2)
  }

  @Test("clearing keeps capacity so steady-state appends do not allocate")
  func clearingKeepsCapacity() {
    var out = StrokeOutput(reservingSegments: 8, elements: 32, discs: 4)
    let cap = out.stable.outline.capacity
    out.stable.append(.move(.zero))
    out.clear()
    #expect(out.stable.isEmpty)
    #expect(out.stable.outline.capacity == cap)
  }

  @Test("drawing bounds cover ink samples and ignore hover")
  func bounds() {
    let d = Drawing(
      name: "d", strokes: [Stroke(samples: [Sample(x: 1, y: 2), Sample(x: -3, y: 7)])],
      hover: [Stroke(samples: [Sample(x: 100, y: 100)])])
    #expect(d.bounds == Rect(minX: -3, minY: 2, maxX: 1, maxY: 7))
    #expect(d.sampleCount == 2)
    #expect(!d.isTimed)
  }
}
