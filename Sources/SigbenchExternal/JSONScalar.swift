import SigbenchCore

/// A JSON number or string, decoded with one attempt at each: a path element's items (its
/// command letter, its numbers) and a `configure` request's option values.
enum JSONScalar: Decodable {
  case number(Double)
  case text(String)

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if let d = try? c.decode(Double.self) {
      self = .number(d)
    } else {
      self = .text(try c.decode(String.self))
    }
  }

  /// The value as spec text (a number in shortest round-trip form).
  var specText: String {
    switch self {
    case .number(let d): return JSONText.number(d)
    case .text(let s): return s
    }
  }
}
