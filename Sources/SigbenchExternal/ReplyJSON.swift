import Foundation

/// One reply line as `JSONDecoder` reads it: typed, so numbers are read once and correctly
/// rounded (`JSONSerialization` on Linux keeps a number's decimal digits and its `doubleValue`
/// is one unit in the last place off for about half of all doubles), and about 17 µs for a
/// typical reply against 65 µs through `JSONSerialization` with exact digits (measured with
/// Swift 6.3.1, release). Every field is optional here; `ExternalProtocol` checks what each
/// reply must hold, and `GeometryReader` the numbers' rules.
struct ReplyJSON: Decodable {
  var op: String?
  var message: String?
  var protocolVersion: Double?
  var stable: Geometry?
  var tentative: Geometry?
  var prediction: Prediction?
  var ns: Double?

  enum CodingKeys: String, CodingKey {
    case op, message, stable, tentative, prediction, ns
    case protocolVersion = "protocol"
  }

  /// A geometry object; any field not listed is an error naming it.
  struct Geometry: Decodable {
    var centerline: [[Double]]?
    var outline: [[JSONScalar]]?
    var discs: [[Double]]?
    var bands: [[Double]]?
    var stamps: [[Double]]?
    var outlineStrokeWidth: Double?

    static let fields = ["centerline", "outline", "discs", "bands", "stamps", "outlineStrokeWidth"]

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: AnyKey.self)
      for key in c.allKeys where !Self.fields.contains(key.stringValue) {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: c.codingPath + [key],
            debugDescription: "absent (fields: \(Self.fields.joined(separator: ", ")))"))
      }
      func list<T: Decodable>(_ name: String) throws -> T? {
        try c.decodeIfPresent(T.self, forKey: AnyKey(name))
      }
      centerline = try list("centerline")
      outline = try list("outline")
      discs = try list("discs")
      bands = try list("bands")
      stamps = try list("stamps")
      outlineStrokeWidth = try list("outlineStrokeWidth")
    }
  }

  struct Prediction: Decodable {
    var x: Double
    var y: Double
    var t: Double
  }

  /// Any string key.
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// A decoding error as the field it is about and what went wrong, in the words of every
  /// other reply error: "field 'stable.discs[0][2]' must be a number".
  static func describe(_ error: DecodingError, line: Data) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for k in keys {
        if let i = k.intValue {
          text += "[\(i)]"
        } else {
          text += (text.isEmpty ? "" : ".") + k.stringValue
        }
      }
      return text
    }
    func kind(_ type: Any.Type) -> String {
      switch type {
      case is Double.Type: return "a finite number"
      case is String.Type: return "a string"
      case is [Any].Type, is [[Double]].Type, is [Double].Type: return "an array"
      default: return "an array or object of the documented shape"
      }
    }
    switch error {
    case .typeMismatch(let type, let c):
      return "field '\(path(c.codingPath))' must be \(kind(type))"
    case .valueNotFound(let type, let c):
      return "field '\(path(c.codingPath))' must be \(kind(type)); got null"
    case .keyNotFound(let key, let c):
      return "field '\(path(c.codingPath + [key]))' is missing"
    case .dataCorrupted(let c) where c.codingPath.isEmpty:
      let text = String(decoding: line.prefix(80), as: UTF8.self)
      return "not JSON (\(c.debugDescription)): \(text)"
    case .dataCorrupted(let c):
      let why = c.debugDescription
      if why.hasPrefix("absent") { return "field '\(path(c.codingPath))' must be \(why)" }
      return "field '\(path(c.codingPath))' must be a finite number (\(why))"
    @unknown default:
      return "\(error)"
    }
  }
}
