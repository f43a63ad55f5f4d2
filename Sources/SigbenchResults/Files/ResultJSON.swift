import Foundation

/// The one JSON form of every result file: pretty printed, keys sorted, slashes unescaped, so
/// equal values give equal bytes.
public enum ResultJSON {
  public static func encode<T: Encodable>(_ value: T) throws -> Data {
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try e.encode(value)
  }

  /// The `schemaVersion` member of a result file (1 when absent).
  public static func schemaVersion(of data: Data) throws -> Int {
    struct Probe: Decodable { var schemaVersion: Int? }
    return try JSONDecoder().decode(Probe.self, from: data).schemaVersion ?? 1
  }
}

/// A result file this build cannot read, and why.
public enum SchemaError: Error, Sendable, CustomStringConvertible, Equatable {
  case newerVersion(found: Int, supported: Int)
  case missing(String, why: String)

  public var description: String {
    switch self {
    case .newerVersion(let found, let supported):
      return "schema version \(found) is newer than this build reads (up to \(supported))"
    case .missing(let field, let why): return "no '\(field)' member: \(why)"
    }
  }
}
