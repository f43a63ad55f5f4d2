import CCairo
import Foundation
import SigbenchCore

/// Where the signature goes on a PDF page: a page size and a rectangle on it, both in PDF
/// points (1/72 in), the rectangle given the way a PDF signature field's `/Rect` is, from the
/// page's bottom-left corner (seeds 001 and 002: a captured signature placed into a field).
public struct PDFPlacement: Hashable, Sendable {
  public var pageWidth: Double
  public var pageHeight: Double
  /// The field, PDF user space (origin bottom-left, y up), points.
  public var field: Rect

  public init(pageWidth: Double, pageHeight: Double, field: Rect) {
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
    self.field = field
  }

  /// ISO A4 portrait, 595 × 842 pt.
  public static let a4 = (width: 595.0, height: 842.0)
  /// US Letter portrait, 612 × 792 pt.
  public static let letter = (width: 612.0, height: 792.0)
}

/// Writes ink as a vector PDF through cairo's PDF surface (Debian `libcairo2-dev`).
///
/// Why cairo rather than libharu: cairo has transparency groups (`cairo_push_group` then
/// `cairo_paint_with_alpha`), so a translucent stroke is composited as one layer exactly as the
/// raster and the SVG do; it fills with the non-zero rule, strokes with miter joins and a miter
/// limit, takes cubic Béziers directly, and is maintained in Debian as the PDF backend of GTK
/// and poppler's tools. libharu has no transparency groups (overlapping subpaths of a
/// translucent stroke would double-blend).
///
/// Without a placement the page is the frame (`VectorStyle.frame`) at its physical size
/// (1 CSS px = 0.75 pt). With one, the frame is scaled uniformly to fit the field and centred
/// in it. Output is deterministic (fixed creation and modification dates in the metadata).
///
/// - Complexity: O(outline elements + discs + flattened centreline pieces).
public struct PDFWriter: Sendable {
  public var style: VectorStyle
  public var placement: PDFPlacement?

  public init(style: VectorStyle = VectorStyle(), placement: PDFPlacement? = nil) {
    self.style = style
    self.placement = placement
  }

  /// PDF points per CSS px.
  public static let pointsPerPixel = 0.75

  /// The page size (points) and the CSS-px-to-page transform for `frame` (y down, cairo's
  /// user space, origin top-left of the page).
  public func pageLayout(_ frame: Rect) throws(RenderError) -> (
    width: Double, height: Double, transform: Transform
  ) {
    guard let p = placement else {
      let k = PDFWriter.pointsPerPixel
      return (
        max(1, frame.size.width * k), max(1, frame.size.height * k),
        Transform(scale: k, offset: Point(x: -frame.minX * k, y: -frame.minY * k))
      )
    }
    let f = p.field
    guard p.pageWidth > 0, p.pageHeight > 0, p.pageWidth <= 14_400, p.pageHeight <= 14_400,
      f.size.width > 0, f.size.height > 0, f.minX >= 0, f.minY >= 0, f.maxX <= p.pageWidth,
      f.maxY <= p.pageHeight
    else {
      throw .vector(
        "the signature field must be a non-empty rectangle inside the page (page "
          + "\(p.pageWidth)×\(p.pageHeight) pt, field \(f.minX),\(f.minY),\(f.maxX),\(f.maxY))")
    }
    let s = min(
      f.size.width / max(frame.size.width, 1e-9), f.size.height / max(frame.size.height, 1e-9))
    // Field top in cairo's y-down page space.
    let top = p.pageHeight - f.maxY
    let ox = f.minX + (f.size.width - frame.size.width * s) / 2 - frame.minX * s
    let oy = top + (f.size.height - frame.size.height * s) / 2 - frame.minY * s
    return (p.pageWidth, p.pageHeight, Transform(scale: s, offset: Point(x: ox, y: oy)))
  }

  /// The PDF document for `strokes` (each stroke's final geometry).
  public func document(_ strokes: [InkGeometry]) throws(RenderError) -> Data {
    let frame = try style.frame(strokes)
    let page = try pageLayout(frame)
    let sink = PDFSink()
    let opaque = Unmanaged.passUnretained(sink).toOpaque()
    let write: cairo_write_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<PDFSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
        data, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    let status: cairo_status_t = withExtendedLifetime(sink) {
      guard
        let surface = cairo_pdf_surface_create_for_stream(write, opaque, page.width, page.height)
      else { return CAIRO_STATUS_NO_MEMORY }
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "sigbench")
      cairo_pdf_surface_set_metadata(
        surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z")
      guard let cr = cairo_create(surface) else {
        cairo_surface_destroy(surface)
        return CAIRO_STATUS_NO_MEMORY
      }
      // cairo splits each arc into as few Béziers as its tolerance allows (0.1 device units,
      // here PDF points, by default): a 1.5 px disc became a visibly flattened circle once the
      // PDF is zoomed (IoU against the raster 0.980 at zoom 8). 0.001 pt keeps every disc
      // round at any zoom a viewer allows.
      cairo_set_tolerance(cr, 0.001)
      draw(strokes, frame: frame, transform: page.transform, cr)
      cairo_show_page(cr)
      let drawStatus = cairo_status(cr)
      cairo_destroy(cr)
      cairo_surface_finish(surface)
      let surfaceStatus = cairo_surface_status(surface)
      cairo_surface_destroy(surface)
      return drawStatus != CAIRO_STATUS_SUCCESS ? drawStatus : surfaceStatus
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .vector(
        "cairo could not write the PDF: \(String(cString: cairo_status_to_string(status)))")
    }
    return sink.bytes
  }

  func draw(_ strokes: [InkGeometry], frame: Rect, transform t: Transform, _ cr: OpaquePointer) {
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    if let bg = style.background, bg.a > 0 {
      let a = t.apply(Point(x: frame.minX, y: frame.minY))
      cairo_set_source_rgba(
        cr, Double(bg.r) / 255, Double(bg.g) / 255, Double(bg.b) / 255, Double(bg.a) / 255)
      cairo_rectangle(cr, a.x, a.y, frame.size.width * t.scale, frame.size.height * t.scale)
      cairo_fill(cr)
    }
    let alpha = style.layerAlpha
    let c = style.ink
    for g in strokes where !g.isEmpty {
      let layered = alpha < 1
      if layered { cairo_push_group(cr) }
      cairo_set_source_rgb(cr, Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255)
      let sw = g.outlineStrokeWidth
      let stroked = sw > 0 && sw.isFinite
      if stroked {
        cairo_set_line_width(cr, sw * t.scale)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, 10)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
      }
      func paint(_ withStroke: Bool) {
        if withStroke {
          cairo_fill_preserve(cr)
          cairo_stroke(cr)
        } else {
          cairo_fill(cr)
        }
      }
      if !g.hasFill {
        CenterlineStroker(flattener: Flattener(tolerance: 0.01 * t.scale)).shapes(
          g.centerline.array, transform: t,
          polygon: { poly in
            cairo_move_to(cr, poly[0].x, poly[0].y)
            for p in poly.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
            cairo_fill(cr)
          },
          disc: { center, r in
            guard r > 0 else { return }
            cairo_new_sub_path(cr)
            cairo_arc(cr, center.x, center.y, r, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_fill(cr)
          })
      } else {
        var open = false
        var pen = Point.zero
        for e in g.filledOutline where e.isFinite {
          switch e {
          case .move(let p):
            if open { paint(stroked) }
            pen = t.apply(p)
            cairo_move_to(cr, pen.x, pen.y)
            open = true
          case .line(let p):
            if !open { cairo_move_to(cr, pen.x, pen.y) }
            open = true
            pen = t.apply(p)
            cairo_line_to(cr, pen.x, pen.y)
          case .quad(let qc, let p):
            if !open { cairo_move_to(cr, pen.x, pen.y) }
            open = true
            let q = t.apply(qc)
            let e = t.apply(p)
            let c1 = pen + (q - pen) * (2.0 / 3.0)
            let c2 = e + (q - e) * (2.0 / 3.0)
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y)
            pen = e
          case .cubic(let a, let b, let p):
            if !open { cairo_move_to(cr, pen.x, pen.y) }
            open = true
            let c1 = t.apply(a)
            let c2 = t.apply(b)
            pen = t.apply(p)
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, pen.x, pen.y)
          case .close:
            if open {
              cairo_close_path(cr)
              paint(stroked)
            }
            open = false
          }
        }
        if open {
          cairo_close_path(cr)
          paint(stroked)
        }
        // The discs as one path filled once (non-zero: their union), so where they overlap no
        // anti-aliased edge is painted over another (a row of stamped circles would otherwise
        // darken at every seam).
        var discs = 0
        for d in g.filledDiscs where d.radius > 0 && d.radius.isFinite && d.center.isFinite {
          let p = t.apply(d.center)
          cairo_new_sub_path(cr)
          cairo_arc(cr, p.x, p.y, d.radius * t.scale, 0, 2 * Double.pi)
          cairo_close_path(cr)
          discs += 1
        }
        if discs > 0 { paint(stroked) }
      }
      if layered {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
      }
    }
  }
}

/// Collects the bytes cairo streams out.
final class PDFSink {
  var bytes = Data()
}
