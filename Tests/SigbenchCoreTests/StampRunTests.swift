import SigbenchCore
import SigbenchTestSupport
import Testing

/// `StampRun`: the stamp rule it writes out, and `InkGeometry`'s written-out discs.
@Suite struct StampRunTests {
  static let run = StampRun(
    start: Point(x: 1, y: 2), control1: Point(x: 4, y: 9), control2: Point(x: 11, y: -3),
    end: Point(x: 15, y: 5), origin: Point(x: 100, y: 50), startRadius: 1, endRadius: 5,
    maxRadius: 2.5, count: 7)

  /// The Bernstein form of the run's curve at `t`, moved by its origin.
  static func bezier(_ r: StampRun, _ t: Double) -> Point {
    let u = 1 - t
    let p =
      r.start * (u * u * u) + r.control1 * (3 * u * u * t) + r.control2 * (3 * u * t * t)
      + r.end * (t * t * t)
    return p + r.origin
  }

  @Test("stamp k is at t = k/count on the curve, radius min(r0 + t³(r1 − r0), cap), t = 1 left out")
  func stampRule() {
    let r = Self.run
    var discs: [Disc] = []
    r.forEachDisc { discs.append($0) }
    #expect(discs.count == r.count)
    for (k, d) in discs.enumerated() {
      let t = Double(k) / Double(r.count)
      let p = Self.bezier(r, t)
      #expect(InkComparison.difference(d.center, p, tolerance: 1e-9) == nil, "stamp \(k)")
      let radius = min(r.startRadius + t * t * t * (r.endRadius - r.startRadius), r.maxRadius)
      #expect(abs(d.radius - radius) <= 1e-12, "stamp \(k)")
    }
    #expect(discs.first?.center == r.start + r.origin)
    #expect(discs.contains { $0.radius == r.maxRadius } && discs.last!.radius == r.maxRadius)
    #expect(InkComparison.difference(discs.last!.center, r.end + r.origin, tolerance: 0.5) != nil)
  }

  @Test("forEachDisc, write(to:) and appendDiscs(to:) write the same discs, bit for bit")
  func writersAgree() {
    let r = Self.run
    var each: [Disc] = []
    r.forEachDisc { each.append($0) }
    var appended = [Disc(center: .zero, radius: 9)]
    r.appendDiscs(to: &appended)
    let written = [Disc](unsafeUninitializedCapacity: r.count) { buffer, n in
      r.write(to: buffer.baseAddress!)
      n = r.count
    }
    func bits(_ ds: some Sequence<Disc>) -> [UInt64] {
      ds.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.radius.bitPattern] }
    }
    #expect(bits(written) == bits(each) && bits(appended.dropFirst()) == bits(each))
  }

  @Test("filledDiscs: the discs, then every run's stamps in order; counts, bounds, moving")
  func filledDiscs() {
    var ink = InkGeometry()
    let dot = Disc(center: Point(x: -5, y: 0), radius: 1)
    ink.append(dot)
    let other = StampRun(
      start: .zero, control1: .zero, control2: Point(x: 3, y: 0), end: Point(x: 3, y: 0),
      origin: .zero, startRadius: 2, endRadius: 2, maxRadius: 4, count: 6)
    ink.append(Self.run)
    ink.append(other)
    var a: [Disc] = []
    Self.run.appendDiscs(to: &a)
    var b: [Disc] = []
    other.appendDiscs(to: &b)
    #expect(ink.filledDiscs == [dot] + a + b)
    #expect(ink.filledDiscCount == 1 + Self.run.count + other.count)
    var visited: [Disc] = []
    ink.forEachFilledDisc { visited.append($0) }
    #expect(visited == ink.filledDiscs)
    #expect(ink.hasFill && !ink.isEmpty && ink.isFinite)
    let bounds = ink.bounds!
    for d in ink.filledDiscs {
      #expect(bounds.minX <= d.center.x - d.radius && d.center.x + d.radius <= bounds.maxX)
      #expect(bounds.minY <= d.center.y - d.radius && d.center.y + d.radius <= bounds.maxY)
    }
    let offset = Point(x: 3, y: -2)
    let moved = ink.translated(by: offset)
    var shifted = InkGeometry()
    for d in ink.filledDiscs { shifted.append(Disc(center: d.center + offset, radius: d.radius)) }
    #expect(InkComparison.difference(moved, ink, tolerance: 1e-12) != nil)
    #expect(
      InkComparison.difference(moved, shifted, tolerance: 1e-12) == nil,
      "a moved run writes out the moved discs")
    var empty = InkGeometry()
    empty.append(Self.run)
    empty.removeAll()
    #expect(empty.isEmpty && empty.filledDiscs.isEmpty && empty.filledDiscCount == 0)
  }

  @Test("a run with a non-finite number is not finite")
  func finiteness() {
    var r = Self.run
    #expect(r.isFinite)
    r.control1 = Point(x: .infinity, y: 0)
    #expect(!r.isFinite)
    var ink = InkGeometry()
    ink.append(r)
    #expect(!ink.isFinite)
  }
}
