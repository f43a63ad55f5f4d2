import SigbenchCore
import SigbenchTestSupport
import Testing

/// `InkArray`: array behaviour, copy on write, O(1) emptying that keeps storage; `RoundBand`
/// and `InkGeometry`'s written-out outline.
@Suite struct InkArrayTests {
  @Test("appends, indexing, equality and hashing behave like Array's on seeded operations")
  func matchesArray() {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    var ink = InkArray<Int>()
    var reference: [Int] = []
    for step in 0..<2_000 {
      switch rng.int(in: 0...9) {
      case 0...4:
        let v = rng.int(in: -1_000...1_000)
        ink.append(v)
        reference.append(v)
      case 5:
        let more = (0..<rng.int(in: 0...20)).map { _ in rng.int(in: 0...9) }
        if rng.int(in: 0...1) == 0 {
          ink.append(contentsOf: more)
        } else {
          // In place, with room for more than is written.
          ink.append(atMost: more.count + rng.int(in: 0...5)) { slots in
            for (k, v) in more.enumerated() { (slots + k).initialize(to: v) }
            return more.count
          }
        }
        reference.append(contentsOf: more)
      case 6:
        // A sequence without a known count takes the element-by-element path.
        let more = (0..<rng.int(in: 0...5)).lazy.filter { _ in true }.map { $0 * 3 }
        ink.append(contentsOf: more)
        reference.append(contentsOf: more)
      case 7:
        if !reference.isEmpty {
          let i = rng.int(in: 0...(reference.count - 1))
          ink[i] = step
          reference[i] = step
        }
      case 8:
        #expect(ink.popLast() == reference.popLast(), "seed \(seed)")
      default:
        if rng.int(in: 0...20) == 0 {
          ink.removeAll()
          reference.removeAll()
        }
      }
      #expect(ink.count == reference.count, "seed \(seed), step \(step)")
    }
    #expect(Array(ink) == reference, "seed \(seed)")
    #expect(ink == InkArray(reference))
    #expect(ink.hashValue == InkArray(reference).hashValue)
    #expect(ink.array == reference)
    #expect(ink.description == reference.description)
  }

  @Test("a copy is independent: writes to either never show in the other")
  func copyOnWrite() {
    var a: InkArray<Double> = [1, 2, 3]
    let b = a
    a.append(4)
    a[0] = 9
    #expect(Array(a) == [9, 2, 3, 4])
    #expect(Array(b) == [1, 2, 3])
    var d = b
    d.removeAll()
    d.append(atMost: 4) { slots in
      slots.initialize(to: 7)
      return 1
    }
    #expect(Array(d) == [7])
    #expect(Array(b) == [1, 2, 3])
    var c = b
    c.removeAll()
    c.append(7)
    #expect(Array(b) == [1, 2, 3], "emptying a copy and writing again leaves the original")
    #expect(Array(c) == [7])
  }

  @Test("removeAll keeps the storage: refilling to the same size allocates nothing")
  func emptyingKeepsStorage() {
    var a = InkArray<Disc>()
    a.reserveCapacity(64)
    let capacity = a.capacity
    for round in 0..<3 {
      a.removeAll()
      #expect(a.isEmpty)
      for k in 0..<64 { a.append(Disc(center: Point(x: Double(k), y: 0), radius: Double(round))) }
      #expect(a.capacity == capacity)
    }
    a.removeAll(keepingCapacity: false)
    #expect(a.capacity == 0 && a.isEmpty)
  }

  @Test("replacing a range and the other RangeReplaceable operations")
  func rangeReplace() {
    var a: InkArray<Int> = [0, 1, 2, 3, 4]
    a.replaceSubrange(1..<3, with: [7, 8, 9])
    #expect(Array(a) == [0, 7, 8, 9, 3, 4])
    a.insert(5, at: 0)
    a.remove(at: 1)
    #expect(Array(a) == [5, 7, 8, 9, 3, 4])
    #expect(Array(a.prefix(2)) == [5, 7])
  }

  @Test("a band writes out its polygon; elementCount agrees; degenerate pieces write nothing")
  func bandPolygon() {
    let curved = RoundBand(
      segment: CenterlineSegment(
        start: Point(x: 0, y: 0), control1: Point(x: 3, y: 4), control2: Point(x: 6, y: 4),
        end: Point(x: 9, y: 0), startWidth: 2, endWidth: 4),
      origin: Point(x: 10, y: 20), isStraight: false)
    #expect(curved.polygon.count == curved.elementCount)
    #expect(curved.elementCount == 2 * RoundBand.curveSteps + 3)
    // Start tangent (3, 4): unit left normal (−0.8, 0.6), half the start width 1, moved by the
    // origin.
    guard case .move(let first) = curved.polygon.first else {
      Issue.record("the polygon starts with a move")
      return
    }
    #expect(InkComparison.difference(first, Point(x: 9.2, y: 20.6), tolerance: 1e-12) == nil)
    #expect(curved.polygon.last == .close)
    let straight = RoundBand(
      segment: .line(Point(x: 0, y: 0), Point(x: 0, y: 10), startWidth: 2, endWidth: 6),
      origin: Point(x: 100, y: 0), isStraight: true)
    #expect(
      straight.polygon == [
        .move(Point(x: 99, y: 0)), .line(Point(x: 97, y: 10)), .line(Point(x: 103, y: 10)),
        .line(Point(x: 101, y: 0)), .close,
      ])
    let p = Point(x: 5, y: 5)
    for isStraight in [true, false] {
      let dot = RoundBand(
        segment: CenterlineSegment(
          start: p, control1: p, control2: p, end: p, startWidth: 2, endWidth: 2),
        origin: .zero, isStraight: isStraight)
      #expect(dot.elementCount == 0 && dot.polygon.isEmpty)
    }
  }

  @Test("filledOutline: the outline's subpaths, then every band's polygon in order")
  func filledOutlineOrder() {
    var ink = InkGeometry()
    let square: [PathElement] = [
      .move(Point(x: 0, y: 0)), .line(Point(x: 1, y: 0)), .line(Point(x: 1, y: 1)), .close,
    ]
    ink.outline.append(contentsOf: square)
    let a = RoundBand(
      segment: .line(Point(x: 0, y: 0), Point(x: 4, y: 0), startWidth: 2, endWidth: 2),
      origin: .zero, isStraight: true)
    let b = RoundBand(
      segment: .line(Point(x: 4, y: 0), Point(x: 4, y: 4), startWidth: 2, endWidth: 2),
      origin: .zero, isStraight: true)
    ink.append(a)
    ink.append(b)
    #expect(ink.filledOutline == square + a.polygon + b.polygon)
    #expect(ink.filledOutlineCount == ink.filledOutline.count)
    #expect(ink.hasFill && !ink.isEmpty)
    let moved = ink.translated(by: Point(x: 3, y: -2))
    let expected = ink.filledOutline.map { $0.translated(by: Point(x: 3, y: -2)) }
    #expect(InkComparison.difference(moved, ink, tolerance: 1e-12) != nil)
    var shifted = ink
    shifted.outline = InkArray(expected.prefix(square.count))
    shifted.bands.removeAll()
    shifted.outline.append(contentsOf: expected.dropFirst(square.count))
    #expect(
      InkComparison.difference(moved, shifted, tolerance: 1e-12) == nil,
      "a moved band writes out the moved polygon")
  }
}
