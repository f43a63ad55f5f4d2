import SigbenchCore

/// Geometry written in the protocol's vocabulary (`ExternalProtocol`): what `LibraryServer`
/// answers. Numbers in shortest round-trip form, so the reader gets every bit back; a value
/// that is not finite is written `null`, which the reader refuses naming the field.
enum GeometryJSON {
  static func number(_ v: Double) -> String { v.isFinite ? JSONText.number(v) : "null" }

  static func points(_ p: [Point]) -> [String] { p.flatMap { [number($0.x), number($0.y)] } }

  static func segment(_ s: CenterlineSegment) -> [String] {
    points([s.start, s.control1, s.control2, s.end]) + [number(s.startWidth), number(s.endWidth)]
  }

  /// `ink` as a geometry object.
  static func object(_ ink: InkGeometry) -> String {
    var fields: [String] = []
    func list(_ name: String, _ items: [[String]]) {
      guard !items.isEmpty else { return }
      fields.append(
        "\"\(name)\":["
          + items.map { "[" + $0.joined(separator: ",") + "]" }
          .joined(separator: ",") + "]")
    }
    list("centerline", ink.centerline.map(segment))
    list(
      "outline",
      ink.outline.map { e -> [String] in
        switch e {
        case .move(let p): return ["\"M\""] + points([p])
        case .line(let p): return ["\"L\""] + points([p])
        case .quad(let c, let p): return ["\"Q\""] + points([c, p])
        case .cubic(let c1, let c2, let p): return ["\"C\""] + points([c1, c2, p])
        case .close: return ["\"Z\""]
        }
      })
    list("discs", ink.discs.map { points([$0.center]) + [number($0.radius)] })
    list(
      "bands",
      ink.bands.map { points([$0.origin]) + segment($0.segment) + [$0.isStraight ? "1" : "0"] })
    list(
      "stamps",
      ink.stamps.map {
        points([$0.origin, $0.start, $0.control1, $0.control2, $0.end])
          + [number($0.startRadius), number($0.endRadius), number($0.maxRadius), String($0.count)]
      })
    if ink.outlineStrokeWidth != 0 {
      fields.append("\"outlineStrokeWidth\":\(number(ink.outlineStrokeWidth))")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
