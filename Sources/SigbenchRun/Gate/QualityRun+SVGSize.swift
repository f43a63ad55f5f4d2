import SigbenchCore
import SigbenchRender

extension QualityRun {
  /// The length in bytes of `SVGWriter(style: style).document(inks)`, counted without
  /// writing the text (half of a drawing's whole quality cost went into formatting numbers
  /// and appending strings only to count them).
  ///
  /// It follows `SVGWriter.document` element by element: the fixed text of each element,
  /// plus the length of each number as `DecimalText` writes it (`decimalLength`). A stroke
  /// drawn from its centreline alone (no outline, no disc) is written by the centreline
  /// stroker; its group is measured by writing that stroke's own document and taking away
  /// the rest of it. Throws what `SVGWriter.document` throws (no ink; ink too far out).
  /// `QualityRunTests` checks it against `SVGWriter.document(_:).utf8.count`.
  ///
  /// - Complexity: O(outline elements + discs) (plus the stroker's cost for a stroke with a
  ///   centreline only).
  static func svgByteCount(_ inks: [InkGeometry], style: VectorStyle = VectorStyle()) throws
    -> Int
  {
    let frame = try style.frame(inks)
    var bytes = header(frame, style: style) + "</svg>\n".utf8.count
    let alpha = max(0, min(1, Double(style.ink.a) / 255 * style.opacity))
    for g in inks where !g.isEmpty {
      bytes += "<g fill=\"#rrggbb\" fill-rule=\"nonzero\"".utf8.count
      let sw = g.outlineStrokeWidth
      if sw > 0, sw.isFinite, g.hasFill {
        bytes +=
          " stroke=\"#rrggbb\" stroke-width=\"\" stroke-linejoin=\"miter\"".utf8.count
          + decimalLength(sw) + " stroke-miterlimit=\"10\" stroke-linecap=\"butt\"".utf8.count
      }
      if alpha < 1 { bytes += " opacity=\"\"".utf8.count + decimalLength(alpha) }
      bytes += ">\n".utf8.count + "</g>\n".utf8.count
      if !g.hasFill {
        // The stroker's shapes: this stroke's own document less its header, group tags and
        // closing tag.
        let own = try SVGWriter(style: style).document([g]).utf8.count
        bytes += own - header(try style.frame([g]), style: style) - "</svg>\n".utf8.count
        bytes -= "<g fill=\"#rrggbb\" fill-rule=\"nonzero\"".utf8.count + ">\n".utf8.count
        bytes -= "</g>\n".utf8.count
        if alpha < 1 { bytes -= " opacity=\"\"".utf8.count + decimalLength(alpha) }
        continue
      }
      bytes += shapeBytes(g)
    }
    return bytes
  }

  /// The XML declaration, the `svg` start tag and the background (see `SVGWriter.document`).
  private static func header(_ frame: Rect, style: VectorStyle) -> Int {
    let mm = SVGWriter.millimetresPerPixel
    var bytes = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8.count
    bytes += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"".utf8.count
    bytes += " width=\"mm\"".utf8.count + decimalLength(frame.size.width * mm, decimals: 4)
    bytes += " height=\"mm\"".utf8.count + decimalLength(frame.size.height * mm, decimals: 4)
    let box =
      decimalLength(frame.minX) + decimalLength(frame.minY) + decimalLength(frame.size.width)
      + decimalLength(frame.size.height)
    bytes += " viewBox=\"   \">\n".utf8.count + box
    if let bg = style.background, bg.a > 0 {
      bytes += "<rect x=\"\" y=\"\" width=\"\"".utf8.count + box
      bytes += " height=\"\" fill=\"#rrggbb\"".utf8.count
      if bg.a < 255 { bytes += " fill-opacity=\"\"".utf8.count + decimalLength(Double(bg.a) / 255) }
      bytes += "/>\n".utf8.count
    }
    return bytes
  }

  /// The outline's `path` elements and the discs' `circle` elements of one stroke (see
  /// `SVGWriter.appendShapes`).
  private static func shapeBytes(_ g: InkGeometry) -> Int {
    func point(_ p: Point) -> Int { decimalLength(p.x) + 1 + decimalLength(p.y) }
    var bytes = 0
    var d = 0
    var open = false
    func flush() {
      if d > 0 { bytes += "<path d=\"Z\"/>\n".utf8.count + d }
      d = 0
      open = false
    }
    var pen = Point.zero
    for e in g.filledOutline where e.isFinite {
      switch e {
      case .move(let p):
        flush()
        d = 1 + point(p)
        open = true
        pen = p
      case .line(let p):
        if !open {
          d = 1 + point(pen)
          open = true
        }
        d += 1 + point(p)
        pen = p
      case .quad(let c, let p):
        if !open {
          d = 1 + point(pen)
          open = true
        }
        d += 1 + point(c) + 1 + point(p)
        pen = p
      case .cubic(let c1, let c2, let p):
        if !open {
          d = 1 + point(pen)
          open = true
        }
        d += 1 + point(c1) + 1 + point(c2) + 1 + point(p)
        pen = p
      case .close:
        flush()
      }
    }
    flush()
    for disc in g.filledDiscs where disc.radius > 0 && disc.center.isFinite && disc.radius.isFinite
    {
      bytes +=
        "<circle cx=\"\" cy=\"\" r=\"\"/>\n".utf8.count + decimalLength(disc.center.x)
        + decimalLength(disc.center.y) + decimalLength(disc.radius)
    }
    return bytes
  }

  /// The length of `v` as the vector writers print it (at most `decimals` digits after the
  /// point, trailing zeros removed, no exponent, no negative zero; `String(v)` beyond 9e15
  /// units of the last decimal; "0" when not finite), bytes.
  static func decimalLength(_ v: Double, decimals: Int = 3) -> Int {
    guard v.isFinite else { return 1 }
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (v * scale).rounded()
    guard abs(scaled) < 9e15 else { return String(v).utf8.count }
    var n = Int64(scaled)
    if n == 0 { return 1 }
    let negative = n < 0
    n = abs(n)
    let unit = Int64(scale)
    var whole = n / unit
    var frac = n % unit
    var length = 1
    while whole >= 10 {
      whole /= 10
      length += 1
    }
    if frac > 0 {
      // "." and the digits left once trailing zeros are removed.
      var digits = decimals
      while frac % 10 == 0 {
        frac /= 10
        digits -= 1
      }
      length += 1 + digits
    }
    return negative ? length + 1 : length
  }
}
