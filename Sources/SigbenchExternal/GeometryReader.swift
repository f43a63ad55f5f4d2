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
    guard let n = v as? NSNumber, n.doubleValue.isFinite else {
      throw fail(field, "a finite number", v)
    }
    return n.doubleValue
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
    for key in g.keys.sorted()
    where !["centerline", "outline", "discs", "outlineStrokeWidth"].contains(key) {
      throw fail(
        "\(field).\(key)", "absent (fields: centerline, outline, discs, outlineStrokeWidth)", g[key]
      )
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
    if let w = g["outlineStrokeWidth"] {
      ink.outlineStrokeWidth = try nonNegative(w, "\(field).outlineStrokeWidth")
    }
  }

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
