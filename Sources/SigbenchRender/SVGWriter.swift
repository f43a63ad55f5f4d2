import SigbenchCore

/// Writes ink as SVG 1.1 text: the same filled outlines the raster fills (not a constant-width
/// approximation), cropped to the tight ink bounds (stroke width included) and with an
/// explicit physical size in millimetres (1 CSS px = 1/96 in = 25.4/96 mm), so the file prints
/// and embeds at the size it was drawn: what users ask of signature_pad's SVG export, which
/// draws constant-width segments unlike its canvas (szimek/signature_pad #74: the screen's
/// outline as vectors; #219: the right size on high-DPI screens; #49: no blank margin).
///
/// Structure: an optional background `rect`, then one `g` per stroke carrying the fill colour,
/// the outline stroke (when `outlineStrokeWidth > 0`) and the layer opacity; inside it one
/// `path` per closed subpath and one `circle` per disc. Separate elements inside an opaque
/// group give the union; the group's `opacity` composites it as one layer.
///
/// Output is deterministic: fixed element order and decimal formatting (3 decimals).
///
/// - Complexity: O(outline elements + discs + flattened centreline pieces).
public struct SVGWriter: Sendable {
  public var style: VectorStyle

  public init(style: VectorStyle = VectorStyle()) { self.style = style }

  /// Millimetres per CSS px.
  public static let millimetresPerPixel = 25.4 / 96

  /// The SVG document for `strokes` (each stroke's final geometry).
  public func document(_ strokes: [InkGeometry]) throws(RenderError) -> String {
    var out = SVGText()
    try write(strokes, into: &out)
    return out.text
  }

  /// The length in bytes of `document(strokes)`, counted without writing it.
  public func byteCount(_ strokes: [InkGeometry]) throws(RenderError) -> Int {
    var out = SVGByteCount()
    try write(strokes, into: &out)
    return out.bytes
  }

  /// `byteCount(strokes)`, or `nil` when there is nothing to export (no ink bounds) instead of
  /// the error. The text after the head does not depend on the frame, so it is counted in the
  /// same walk over the strokes that finds the bounds, and the head once they are known; for
  /// fill without an outline stroke, each band's polygon and each disc is written out once for
  /// both (`InkBounds.FillBounds`).
  public func byteCountIfInked(_ strokes: [InkGeometry]) throws(RenderError) -> Int? {
    var box = InkBounds.Box()
    var body = SVGByteCount()
    let color = SVGWriter.hex(style.ink)
    for g in strokes {
      let sw = g.outlineStrokeWidth
      if g.hasFill, !(sw > 0 && sw.isFinite) {
        var fill = InkBounds.FillBounds(g, box: box)
        writeGroup(g, color: color, into: &body, observing: &fill)
        box = fill.box
      } else {
        InkBounds.add(g, to: &box)
        var none = NoShapeObserver()
        writeGroup(g, color: color, into: &body, observing: &none)
      }
    }
    guard let bounds = box.rect else { return nil }
    var out = SVGByteCount()
    writeHead(frame: try style.frame(bounds: bounds), into: &out)
    out.literal(Self.tail)
    return out.bytes + body.bytes
  }

  /// Emits the document for `strokes` into `out`; throws when there is no ink or it lies too
  /// far out (`VectorStyle.frame`).
  public func write<S: SVGSink>(_ strokes: [InkGeometry], into out: inout S) throws(RenderError) {
    writeHead(frame: try style.frame(bounds: InkBounds.of(strokes)), into: &out)
    let color = SVGWriter.hex(style.ink)
    var none = NoShapeObserver()
    for g in strokes { writeGroup(g, color: color, into: &out, observing: &none) }
    out.literal(Self.tail)
  }

  /// The end of the document.
  static let tail: StaticString = "</svg>\n"

  /// The XML declaration, the `svg` element's start tag and the background: everything that
  /// depends on the frame.
  func writeHead<S: SVGSink>(frame: Rect, into out: inout S) {
    let mm = SVGWriter.millimetresPerPixel
    out.literal("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    out.literal("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"")
    out.number(frame.size.width * mm, decimals: 4)
    out.literal("mm\" height=\"")
    out.number(frame.size.height * mm, decimals: 4)
    out.literal("mm\" viewBox=\"")
    Self.frame(frame, between: (" ", " ", " "), into: &out)
    out.literal("\">\n")
    if let bg = style.background, bg.a > 0 {
      out.literal("<rect x=\"")
      Self.frame(frame, between: ("\" y=\"", "\" width=\"", "\" height=\""), into: &out)
      out.literal("\" fill=\"")
      out.text(SVGWriter.hex(bg))
      if bg.a < 255 {
        out.literal("\" fill-opacity=\"")
        out.number(Double(bg.a) / 255)
      }
      out.literal("\"/>\n")
    }
  }

  /// One stroke's `g` element (nothing for empty geometry); `color` is `hex(style.ink)`.
  func writeGroup<S: SVGSink, O: ShapeObserver>(
    _ g: InkGeometry, color: String, into out: inout S, observing observer: inout O
  ) {
    guard !g.isEmpty else { return }
    out.literal("<g fill=\"")
    out.text(color)
    out.literal("\" fill-rule=\"nonzero\"")
    let sw = g.outlineStrokeWidth
    if sw > 0, sw.isFinite, g.hasFill {
      out.literal(" stroke=\"")
      out.text(color)
      out.literal("\" stroke-width=\"")
      out.number(sw)
      out.literal("\" stroke-linejoin=\"miter\" stroke-miterlimit=\"10\" stroke-linecap=\"butt\"")
    }
    let alpha = style.layerAlpha
    if alpha < 1 {
      out.literal(" opacity=\"")
      out.number(alpha)
      out.literal("\"")
    }
    out.literal(">\n")
    writeShapes(g, into: &out, observing: &observer)
    out.literal("</g>\n")
  }

  /// One `path` per closed subpath of the filled outline (`g.filledOutline`: the outline, then
  /// each band's polygon, written out one band at a time on the stack) and one `circle` per
  /// disc; a stroke drawn from its centreline alone goes through the centreline stroker. With
  /// fill, `observer` sees each band's vertices and each disc of `g.filledDiscs` as they are
  /// written.
  func writeShapes<S: SVGSink, O: ShapeObserver>(
    _ g: InkGeometry, into out: inout S, observing observer: inout O
  ) {
    if !g.hasFill {
      CenterlineStroker(flattener: Flattener(tolerance: 0.01)).shapes(
        g.centerline.array, transform: .identity,
        polygon: { poly in
          out.literal("<path d=\"M")
          out.point(poly[0])
          for p in poly.dropFirst() {
            out.literal("L")
            out.point(p)
          }
          out.literal("Z\"/>\n")
        },
        disc: { c, r in if r > 0 { Self.circle(c, r, into: &out) } })
      return
    }
    var path = PathText()
    for e in g.outline { path.add(e, into: &out) }
    if !g.bands.isEmpty {
      // The elements `RoundBand.polygon(into:)` appends, from the same vertices.
      withUnsafeTemporaryAllocation(of: Point.self, capacity: 2 * RoundBand.curveSteps + 2) { v in
        for b in g.bands {
          let n = b.vertexCount
          guard n > 0 else { continue }
          b.writeVertices(into: v)
          observer.band(UnsafeBufferPointer(rebasing: v[0..<n]))
          path.move(v[0], into: &out)
          for k in 1..<n { path.line(v[k], into: &out) }
          path.flush(into: &out)
        }
      }
    }
    path.flush(into: &out)
    g.forEachFilledDisc { disc in
      observer.disc(disc)
      if disc.radius > 0 && disc.center.isFinite && disc.radius.isFinite {
        Self.circle(disc.center, disc.radius, into: &out)
      }
    }
  }

  /// The `path` elements of a sequence of path elements, fed one at a time: a `path` per
  /// subpath, non-finite elements skipped, a drawing command without a current subpath
  /// starting one at the pen.
  struct PathText {
    var open = false
    var pen = Point.zero

    @inline(__always) mutating func add<S: SVGSink>(_ e: PathElement, into out: inout S) {
      switch e {
      case .move(let p): move(p, into: &out)
      case .line(let p): line(p, into: &out)
      case .quad(let c, let p):
        guard finite(c), finite(p) else { return }
        if !open { start(pen, into: &out) }
        out.literal("Q")
        out.point(c)
        out.literal(" ")
        out.point(p)
        pen = p
      case .cubic(let c1, let c2, let p):
        guard finite(c1), finite(c2), finite(p) else { return }
        if !open { start(pen, into: &out) }
        out.literal("C")
        out.point(c1)
        out.literal(" ")
        out.point(c2)
        out.literal(" ")
        out.point(p)
        pen = p
      case .close:
        flush(into: &out)
      }
    }

    /// `add(.move(p))`.
    @inline(__always) mutating func move<S: SVGSink>(_ p: Point, into out: inout S) {
      guard finite(p) else { return }
      flush(into: &out)
      start(p, into: &out)
      pen = p
    }

    /// `add(.line(p))`.
    @inline(__always) mutating func line<S: SVGSink>(_ p: Point, into out: inout S) {
      guard finite(p) else { return }
      if !open { start(pen, into: &out) }
      out.literal("L")
      out.point(p)
      pen = p
    }

    /// `PathElement.isFinite` of an element holding `p`.
    @inline(__always) func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }

    @inline(__always) mutating func start<S: SVGSink>(_ p: Point, into out: inout S) {
      out.literal("<path d=\"M")
      out.point(p)
      open = true
    }

    /// Ends the open subpath, if any (`add(.close)`).
    @inline(__always) mutating func flush<S: SVGSink>(into out: inout S) {
      if open { out.literal("Z\"/>\n") }
      open = false
    }
  }

  /// The frame's x, y, width and height with `between` written between them (the `viewBox`
  /// value, or the attributes of the background `rect`).
  static func frame<S: SVGSink>(
    _ f: Rect, between: (StaticString, StaticString, StaticString), into out: inout S
  ) {
    out.number(f.minX)
    out.literal(between.0)
    out.number(f.minY)
    out.literal(between.1)
    out.number(f.size.width)
    out.literal(between.2)
    out.number(f.size.height)
  }

  static func circle<S: SVGSink>(_ c: Point, _ r: Double, into out: inout S) {
    out.literal("<circle cx=\"")
    out.number(c.x)
    out.literal("\" cy=\"")
    out.number(c.y)
    out.literal("\" r=\"")
    out.number(r)
    out.literal("\"/>\n")
  }

  /// `#rrggbb`.
  static func hex(_ c: RGBA) -> String {
    let digits = Array("0123456789abcdef")
    var s = "#"
    for v in [c.r, c.g, c.b] {
      s.append(digits[Int(v >> 4)])
      s.append(digits[Int(v & 15)])
    }
    return s
  }
}

/// What `SVGWriter.writeShapes` shows of the fill it writes, for a caller that needs the same
/// numbers (the ink bounds) without writing them out twice.
protocol ShapeObserver {
  /// The vertices of a band's polygon (`RoundBand.writeVertices`), valid during the call.
  mutating func band(_ vertices: UnsafeBufferPointer<Point>)
  /// A disc of `filledDiscs`, in order (also those not written: radius ≤ 0, not finite).
  mutating func disc(_ d: Disc)
}

/// Sees nothing.
struct NoShapeObserver: ShapeObserver {
  @inline(__always) mutating func band(_ vertices: UnsafeBufferPointer<Point>) {}
  @inline(__always) mutating func disc(_ d: Disc) {}
}
