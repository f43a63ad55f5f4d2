/// The geometry a strategy emits: the centreline (for metrics and vector export) and the fill
/// geometry the renderer draws.
///
/// Fill semantics: every closed subpath in `outline` is one shape filled non-zero on its own,
/// every band is a shape (exactly its written-out polygon, `RoundBand.polygon`, as if it
/// followed `outline`), every disc is a shape, every stamp run is its discs (exactly its
/// written-out discs, `StampRun.forEachDisc`, as if they followed `discs`), and the stroke's ink
/// is the union of all shapes. `filledOutline` is `outline` with every band written out, and
/// `filledDiscs` is `discs` with every stamp run written out, for consumers that want path
/// elements or discs only. When
/// `outlineStrokeWidth` is above 0, every outline subpath is additionally stroked with that
/// width (miter joins, limit 10, butt caps) and every disc grows by half that width (a stroked
/// circle), before the union: this is how UberSignature paints (UIKit's default 1 pt stroke,
/// then the non-zero fill, in the same colour), so its radius-3 dot shows with radius 3.5.
///
/// Appending reuses capacity: a strategy that writes into a caller-owned `InkGeometry` that
/// was cleared with `removeAll()` allocates nothing once the arrays have grown.
public struct InkGeometry: Hashable, Sendable {
  public var centerline: InkArray<CenterlineSegment> = []
  public var outline: InkArray<PathElement> = []
  public var discs: InkArray<Disc> = []
  /// Round-capped pieces kept as centreline pieces; their polygons come after `outline`.
  public var bands: InkArray<RoundBand> = []
  /// Stamped curves kept as curves; their discs come after `discs`.
  public var stamps: InkArray<StampRun> = []
  /// Width in CSS px of the stroke applied to each outline subpath; 0 for fill only.
  public var outlineStrokeWidth: Double = 0

  public init() {}

  public init(
    centerline: InkArray<CenterlineSegment>, outline: InkArray<PathElement>,
    discs: InkArray<Disc>, bands: InkArray<RoundBand> = [], stamps: InkArray<StampRun> = [],
    outlineStrokeWidth: Double = 0
  ) {
    self.centerline = centerline
    self.outline = outline
    self.discs = discs
    self.bands = bands
    self.stamps = stamps
    self.outlineStrokeWidth = outlineStrokeWidth
  }

  /// Nothing to draw and no centreline.
  public var isEmpty: Bool {
    centerline.isEmpty && outline.isEmpty && discs.isEmpty && bands.isEmpty && stamps.isEmpty
  }

  /// Something to fill: an outline subpath, a band, a disc or a stamp run.
  public var hasFill: Bool {
    !outline.isEmpty || !bands.isEmpty || !discs.isEmpty || !stamps.isEmpty
  }

  /// `outline` followed by every band's polygon: the path elements this geometry fills.
  public var filledOutline: [PathElement] {
    if bands.isEmpty { return outline.array }
    var all: [PathElement] = []
    // At most 2·curveSteps + 3 elements a band: one allocation.
    all.reserveCapacity(outline.count + bands.count * (2 * RoundBand.curveSteps + 3))
    all.append(contentsOf: outline)
    appendBandPolygons(to: &all)
    return all
  }

  /// Appends every band's polygon, in order, to `elements` (no allocation once it has grown).
  public func appendBandPolygons(to elements: inout [PathElement]) {
    for b in bands { b.polygon(into: &elements) }
  }

  /// The number of path elements in `filledOutline`, without writing them.
  public var filledOutlineCount: Int {
    bands.reduce(outline.count) { $0 + $1.elementCount }
  }

  /// `discs` followed by every stamp run's discs: the discs this geometry fills.
  public var filledDiscs: [Disc] {
    var all = discs.array
    if stamps.isEmpty { return all }
    appendStampDiscs(to: &all)
    return all
  }

  /// Appends every stamp run's discs, in order, to `discs` (no allocation once it has grown).
  public func appendStampDiscs(to discs: inout [Disc]) {
    discs.reserveCapacity(discs.count + stamps.reduce(0) { $0 + $1.count })
    for r in stamps { r.forEachDisc { discs.append($0) } }
  }

  /// The number of discs in `filledDiscs`, without writing them. O(stamp runs).
  public var filledDiscCount: Int {
    stamps.reduce(discs.count) { $0 + $1.count }
  }

  /// Calls `body` with every disc of `filledDiscs`, in order, without storing them.
  @inlinable @inline(__always) public func forEachFilledDisc(
    _ body: (Disc) throws -> Void
  ) rethrows {
    for d in discs { try body(d) }
    for r in stamps { try r.forEachDisc(body) }
  }

  /// Removes everything, keeping the storage for reuse, and resets `outlineStrokeWidth` to 0 so
  /// a reused buffer never carries one strategy's paint into another. O(1): each `InkArray`
  /// only drops its count, which keeps `StrokeOutput.clear()` cheap on every push.
  @inlinable @inline(__always) public mutating func removeAll() {
    centerline.removeAll()
    outline.removeAll()
    discs.removeAll()
    bands.removeAll()
    stamps.removeAll()
    outlineStrokeWidth = 0
  }

  /// Reserves room so that steady-state appends do not allocate.
  public mutating func reserveCapacity(
    segments: Int, elements: Int, discs d: Int, bands b: Int = 0, stamps s: Int = 0
  ) {
    centerline.reserveCapacity(segments)
    outline.reserveCapacity(elements)
    discs.reserveCapacity(d)
    bands.reserveCapacity(b)
    stamps.reserveCapacity(s)
  }

  @inlinable @inline(__always) public mutating func append(_ segment: CenterlineSegment) {
    centerline.append(segment)
  }
  @inlinable @inline(__always) public mutating func append(_ element: PathElement) {
    outline.append(element)
  }
  @inlinable @inline(__always) public mutating func append(_ disc: Disc) { discs.append(disc) }
  @inlinable @inline(__always) public mutating func append(_ band: RoundBand) { bands.append(band) }
  @inlinable @inline(__always) public mutating func append(_ run: StampRun) { stamps.append(run) }

  /// Appends all of `other` (its `outlineStrokeWidth` is taken when `self` has none).
  public mutating func append(contentsOf other: InkGeometry) {
    centerline.append(contentsOf: other.centerline)
    outline.append(contentsOf: other.outline)
    discs.append(contentsOf: other.discs)
    bands.append(contentsOf: other.bands)
    stamps.append(contentsOf: other.stamps)
    if outlineStrokeWidth == 0 { outlineStrokeWidth = other.outlineStrokeWidth }
  }

  /// Every number is finite.
  public var isFinite: Bool {
    outlineStrokeWidth.isFinite && centerline.allSatisfy(\.isFinite)
      && outline.allSatisfy(\.isFinite)
      && discs.allSatisfy { $0.center.isFinite && $0.radius.isFinite }
      && bands.allSatisfy(\.isFinite) && stamps.allSatisfy(\.isFinite)
  }

  /// This geometry moved by `offset`.
  public func translated(by offset: Point) -> InkGeometry {
    InkGeometry(
      centerline: InkArray(centerline.lazy.map { $0.translated(by: offset) }),
      outline: InkArray(outline.lazy.map { $0.translated(by: offset) }),
      discs: InkArray(discs.lazy.map { Disc(center: $0.center + offset, radius: $0.radius) }),
      bands: InkArray(
        bands.lazy.map {
          RoundBand(segment: $0.segment, origin: $0.origin + offset, isStraight: $0.isStraight)
        }),
      stamps: InkArray(stamps.lazy.map { $0.translated(by: offset) }),
      outlineStrokeWidth: outlineStrokeWidth)
  }

  /// Conservative bounds of everything drawn, including widths, radii and the outline stroke
  /// (control points included, so it may be slightly larger than the ink). `nil` when empty.
  public var bounds: Rect? {
    var r: Rect?
    func add(_ p: Point, _ pad: Double) {
      let b = Rect(minX: p.x - pad, minY: p.y - pad, maxX: p.x + pad, maxY: p.y + pad)
      r = r.map { $0.union(b) } ?? b
    }
    let strokePad = outlineStrokeWidth * 5  // a miter (limit 10) reaches 5 widths out
    for e in filledOutline {
      switch e {
      case .move(let p), .line(let p): add(p, strokePad)
      case .quad(let c, let p):
        add(c, strokePad)
        add(p, strokePad)
      case .cubic(let c1, let c2, let p):
        add(c1, strokePad)
        add(c2, strokePad)
        add(p, strokePad)
      case .close: break
      }
    }
    forEachFilledDisc { d in add(d.center, d.radius) }
    if !hasFill {
      for s in centerline {
        add(s.start, s.startWidth / 2)
        add(s.end, s.endWidth / 2)
      }
    }
    return r
  }
}
