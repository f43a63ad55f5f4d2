import Foundation

/// A JSON value as the manifest reader sees it: every field is checked by hand against its
/// rule, so each error can name the field, the rule and the value.
enum ManifestJSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ManifestJSON])
  case object([String: ManifestJSON])

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let d = try? c.decode(Double.self) {
      self = .number(d)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([ManifestJSON].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: ManifestJSON].self))
    }
  }

  /// The value as it would be written back, shortened for an error message (at most 60
  /// characters).
  var shown: String {
    let text: String
    switch self {
    case .null: text = "null"
    case .bool(let b): text = b ? "true" : "false"
    case .number(let d):
      text = d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    case .string(let s): text = "\"\(s)\""
    case .array(let a): text = "[" + a.map(\.shown).joined(separator: ", ") + "]"
    case .object(let o): text = "{" + o.keys.sorted().joined(separator: ", ") + "}"
    }
    return text.count > 60 ? String(text.prefix(57)) + "..." : text
  }

  /// What kind of value it is, for a message ("a string", "an array"…).
  var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
