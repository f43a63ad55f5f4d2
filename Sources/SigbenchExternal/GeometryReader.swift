import SigbenchCore

/// Reads a reply's geometry (see `ExternalProtocol`), decoded as `ReplyJSON.Geometry`, into
/// `InkGeometry`, checking every number's rule: an error names the request, the field
/// (`tentative.centerline[3][8]`), the rule and the value.
struct GeometryReader {
  let request: String

  func fail(_ field: String, _ rule: String, _ value: Any?) -> ExternalProtocol.ReplyError {
    let shown = value.map { String(describing: $0).prefix(60) } ?? "nothing"
    return .init(request: request, message: "field '\(field)' must be \(rule); got \(shown)")
  }

  func finite(_ v: Double, _ field: String) throws(ExternalProtocol.ReplyError) -> Double {
    guard v.isFinite else { throw fail(field, "a finite number", v) }
    return v
  }

  /// The numbers of `item`, exactly `count` of them, each finite.
  func numbers(_ item: [Double], _ field: String, count: Int) throws(ExternalProtocol.ReplyError)
    -> [Double]
  {
    guard item.count == count else { throw fail(field, "an array of \(count) numbers", item) }
    for (i, x) in item.enumerated() { _ = try finite(x, "\(field)[\(i)]") }
    return item
  }

  /// Geometry `g` (absent: nothing) into `ink`.
  func read(_ g: ReplyJSON.Geometry?, _ field: String, into ink: inout InkGeometry)
    throws(ExternalProtocol.ReplyError)
  {
    guard let g else { return }
    for (i, item) in (g.centerline ?? []).enumerated() {
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
    for (i, item) in (g.outline ?? []).enumerated() {
      ink.outline.append(try element(item, "\(field).outline[\(i)]"))
    }
    for (i, item) in (g.discs ?? []).enumerated() {
      let n = try numbers(item, "\(field).discs[\(i)]", count: 3)
      guard n[2] >= 0 else { throw fail("\(field).discs[\(i)][2]", "a radius ≥ 0", n[2]) }
      ink.discs.append(Disc(center: Point(x: n[0], y: n[1]), radius: n[2]))
    }
    for (i, item) in (g.bands ?? []).enumerated() {
      ink.append(try band(item, "\(field).bands[\(i)]"))
    }
    for (i, item) in (g.stamps ?? []).enumerated() {
      ink.append(try stamps(item, "\(field).stamps[\(i)]"))
    }
    if let w = g.outlineStrokeWidth {
      guard w.isFinite, w >= 0 else { throw fail("\(field).outlineStrokeWidth", "a number ≥ 0", w) }
      ink.outlineStrokeWidth = w
    }
  }

  /// One band: `[ox,oy, x0,y0, x1,y1, x2,y2, x3,y3, w0,w1, straight]`, the origin, the
  /// stroke-local cubic piece, its full widths (≥ 0) and 1 for a straight piece or 0 for a
  /// curved one (`RoundBand`).
  func band(_ item: [Double], _ field: String) throws(ExternalProtocol.ReplyError) -> RoundBand {
    let n = try numbers(item, field, count: 13)
    guard n[10] >= 0, n[11] >= 0 else { throw fail(field, "widths (numbers 11 and 12) ≥ 0", item) }
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
  func stamps(_ item: [Double], _ field: String) throws(ExternalProtocol.ReplyError) -> StampRun {
    let n = try numbers(item, field, count: 14)
    guard n[10] >= 0, n[11] >= 0, n[12] >= 0 else {
      throw fail(field, "radii (numbers 11 to 13) ≥ 0", item)
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
  func element(_ item: [JSONScalar], _ field: String) throws(ExternalProtocol.ReplyError)
    -> PathElement
  {
    guard case .text(let command)? = item.first else {
      throw fail(field, "an array starting with one of M, L, Q, C, Z", item)
    }
    let counts = ["M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0]
    guard let count = counts[command] else {
      throw fail("\(field)[0]", "one of M, L, Q, C, Z", command)
    }
    guard item.count == count + 1 else {
      throw fail(field, "\(command) and \(count) numbers", item)
    }
    var n: [Double] = []
    for i in 1..<item.count {
      guard case .number(let v) = item[i] else {
        throw fail("\(field)[\(i)]", "a finite number", item[i])
      }
      n.append(try finite(v, "\(field)[\(i)]"))
    }
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
