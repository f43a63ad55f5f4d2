import Foundation

/// How `merge` reads the shards' ledgers.
extension ShardLedger {
  /// A ledger's text read without its names (as under `withoutNames`), the `names` array cut
  /// out of the text first (`RawArrayMember`), so that no decoder parses it: at one name a file,
  /// the names are most of a ledger of one-drawing files, and every shard lists all of them.
  public static func decodeWithoutNames(_ data: Data) throws -> ShardLedger {
    let names = try RawArrayMember(data, member: CodingKeys.names.rawValue, objects: false)
    let decoder = JSONDecoder()
    decoder.userInfo[withoutNames] = true
    return try decoder.decode(ShardLedger.self, from: names.shell)
  }

  /// A ledger's `names` alone, read from their array's text.
  public static func decodeNames(_ data: Data) throws -> [String] {
    let names = try RawArrayMember(data, member: CodingKeys.names.rawValue, objects: false)
    return try JSONDecoder().decode([String].self, from: names.arrayBytes)
  }
}
