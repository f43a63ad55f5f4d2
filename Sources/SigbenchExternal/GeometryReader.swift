import Foundation
import SigbenchCore

/// Reads a reply's geometry objects (see `ExternalProtocol`) into `InkGeometry`, checking
/// every number: an error names the request, the field (`tentative.centerline[3][8]`), the
/// rule and the value.
struct GeometryReader {
  let request: String

  func fail(_ field: String, _ rule: String, _ value: Any?) -> ExternalProtocol.ReplyError {
    let shown = value.map { String(describing: $0).prefix(60) } ?? "nothing"
    return .init(request: request, message: "field '\(field)' must be \(rule); got \(shown)")
  }

  func finite(_ v: Any?, _ field: String) throws(ExternalProtocol.ReplyError) -> Double {
    // (`v is Bool` cannot tell a JSON true from 1 here: NSNumber bridges to both.)
    guard let n = v as? NSNumber else { throw fail(field, "a finite number", v) }
    let d = Self.exact(n)
    guard d.isFinite else { throw fail(field, "a finite number", v) }
    return d
  }

  /// The number a JSON value's digits denote, correctly rounded. On Linux `JSONSerialization`
  /// keeps a number with a fraction as its decimal digits, and `doubleValue` rounds them
  /// imprecisely: one unit in the last place off for 52 % of 200,000 random doubles written in
  /// shortest form (measured with Swift 6.3.1), which would move an external strategy's ink by
  /// an ulp here and there. `Double(String)` of the same digits is exact.
  static func exact(_ n: NSNumber) -> Double {
    Double(n.stringValue) ?? n.doubleValue
  }

  func nonNegative(_ v: Any?, _ field: String) throws(ExternalProtocol.ReplyError) -> Double {
    let d = try finite(v, field)
    guard d >= 0 else { throw fail(field, "a number ≥ 0", v) }
    return d
  }

  /// The numbers of array `v`, exactly `count` of them.
  func numbers(_ v: Any?, _ field: String, count: Int) throws(ExternalProtocol.ReplyError)
    -> [Double]
  {
    guard let a = v as? [Any], a.count == count else {
      throw fail(field, "an array of \(count) numbers", v)
    }
    var out: [Double] = []
    out.reserveCapacity(count)
    for (i, x) in a.enumerated() { out.append(try finite(x, "\(field)[\(i)]")) }
    return out
  }

  func list(_ v: Any?, _ field: String) throws(ExternalProtocol.ReplyError) -> [Any] {
    guard let a = v as? [Any] else { throw fail(field, "an array", v) }
    return a
  }

  /// Geometry `v` (absent: nothing) into `ink`.
  func read(_ v: Any?, _ field: String, into ink: inout InkGeometry)
    throws(ExternalProtocol.ReplyError)
  {
    guard let v else { return }
    guard let g = v as? [String: Any] else { throw fail(field, "an object", v) }
    let known = ["centerline", "outline", "discs", "bands", "stamps", "outlineStrokeWidth"]
    for key in g.keys.sorted() where !known.contains(key) {
      throw fail(
        "\(field).\(key)", "absent (fields: \(known.joined(separator: ", ")))", g[key])
    }
    if let c = g["centerline"] {
      for (i, item) in try list(c, "\(field).centerline").enumerated() {
        let n = try numbers(item, "\(field).centerline[\(i)]", count: 10)
        guard n[8] >= 0, n[9] >= 0 else {
          throw fail("\(field).centerline[\(i)]", "widths (the last two numbers) ≥ 0", item)
        }
        ink.centerline.append(
          CenterlineSegment(
            start: Point(x: n[0], y: n[1]), control1: Point(x: n[2], y: n[3]),
            control2: Point(x: n[4], y: n[5]), end: Point(x: n[6], y: n[7]), startWidth: n[8],
            endWidth: n[9]))
      }
    }
    if let o = g["outline"] {
      for (i, item) in try list(o, "\(field).outline").enumerated() {
        ink.outline.append(try element(item, "\(field).outline[\(i)]"))
      }
    }
    if let d = g["discs"] {
      for (i, item) in try list(d, "\(field).discs").enumerated() {
        let n = try numbers(item, "\(field).discs[\(i)]", count: 3)
        guard n[2] >= 0 else { throw fail("\(field).discs[\(i)][2]", "a radius ≥ 0", n[2]) }
        ink.discs.append(Disc(center: Point(x: n[0], y: n[1]), radius: n[2]))
      }
    }
    if let b = g["bands"] {
      for (i, item) in try list(b, "\(field).bands").enumerated() {
        ink.append(try band(item, "\(field).bands[\(i)]"))
      }
    }
    if let r = g["stamps"] {
      for (i, item) in try list(r, "\(field).stamps").enumerated() {
        ink.append(try stamps(item, "\(field).stamps[\(i)]"))
      }
    }
    if let w = g["outlineStrokeWidth"] {
      ink.outlineStrokeWidth = try nonNegative(w, "\(field).outlineStrokeWidth")
    }
  }

  /// One band: `[ox,oy, x0,y0, x1,y1, x2,y2, x3,y3, w0,w1, straight]`, the origin, the
  /// stroke-local cubic piece, its full widths (≥ 0) and 1 for a straight piece or 0 for a
  /// curved one (`RoundBand`).
  func band(_ v: Any?, _ field: String) throws(ExternalProtocol.ReplyError) -> RoundBand {
    let n = try numbers(v, field, count: 13)
    guard n[10] >= 0, n[11] >= 0 else { throw fail(field, "widths (numbers 11 and 12) ≥ 0", v) }
    guard n[12] == 0 || n[12] == 1 else { throw fail("\(field)[12]", "0 or 1", n[12]) }
    return RoundBand(
      segment: CenterlineSegment(
        start: Point(x: n[2], y: n[3]), control1: Point(x: n[4], y: n[5]),
        control2: Point(x: n[6], y: n[7]), end: Point(x: n[8], y: n[9]), startWidth: n[10],
        endWidth: n[11]), origin: Point(x: n[0], y: n[1]), isStraight: n[12] == 1)
  }

  /// One stamp run: `[ox,oy, x0,y0, x1,y1, x2,y2, x3,y3, r0,r1, rmax, count]`, the origin, the
  /// stroke-local cubic, the radii at its ends and the cap (≥ 0), and the number of stamps, a
  /// whole number from 1 to `maximumStamps` (`StampRun`).
  func stamps(_ v: Any?, _ field: String) throws(ExternalProtocol.ReplyError) -> StampRun {
    let n = try numbers(v, field, count: 14)
    guard n[10] >= 0, n[11] >= 0, n[12] >= 0 else {
      throw fail(field, "radii (numbers 11 to 13) ≥ 0", v)
    }
    guard n[13] >= 1, n[13] <= Double(Self.maximumStamps), n[13] == n[13].rounded() else {
      throw fail("\(field)[13]", "a whole number of stamps from 1 to \(Self.maximumStamps)", n[13])
    }
    return StampRun(
      start: Point(x: n[2], y: n[3]), control1: Point(x: n[4], y: n[5]),
      control2: Point(x: n[6], y: n[7]), end: Point(x: n[8], y: n[9]),
      origin: Point(x: n[0], y: n[1]), startRadius: n[10], endRadius: n[11], maxRadius: n[12],
      count: Int(n[13]))
  }

  /// Most stamps one run may ask for: about two a pixel along a curve across the input
  /// envelope many times over.
  static let maximumStamps = 1_000_000

  /// One path element: `["M",x,y]`, `["L",x,y]`, `["Q",cx,cy,x,y]`, `["C",…6]` or `["Z"]`.
  func element(_ v: Any?, _ field: String) throws(ExternalProtocol.ReplyError) -> PathElement {
    guard let a = v as? [Any], let command = a.first as? String else {
      throw fail(field, "an array starting with one of M, L, Q, C, Z", v)
    }
    let counts = ["M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0]
    guard let count = counts[command] else {
      throw fail("\(field)[0]", "one of M, L, Q, C, Z", command)
    }
    guard a.count == count + 1 else {
      throw fail(field, "\(command) and \(count) numbers", v)
    }
    var n: [Double] = []
    for i in 1..<a.count { n.append(try finite(a[i], "\(field)[\(i)]")) }
    switch command {
    case "M": return .move(Point(x: n[0], y: n[1]))
    case "L": return .line(Point(x: n[0], y: n[1]))
    case "Q": return .quad(control: Point(x: n[0], y: n[1]), to: Point(x: n[2], y: n[3]))
    case "C":
      return .cubic(
        control1: Point(x: n[0], y: n[1]), control2: Point(x: n[2], y: n[3]),
        to: Point(x: n[4], y: n[5]))
    default: return .close
    }
  }
}
