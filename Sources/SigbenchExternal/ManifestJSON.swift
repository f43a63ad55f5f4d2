import Foundation
import SigbenchCore

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
    case .number(let d): text = JSONText.number(d)
    case .string(let s): text = "\"\(s)\""
    case .array(let a): text = "[" + a.map(\.shown).joined(separator: ", ") + "]"
    case .object(let o): text = "{" + o.keys.sorted().joined(separator: ", ") + "}"
    }
    return text.count > 60 ? String(text.prefix(57)) + "..." : text
  }
}
