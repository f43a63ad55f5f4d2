import Foundation

/// Seeded byte-level mutations of a file, for "decoders never trap" tests: decoding a mutated
/// file must either throw a `FormatError` or return valid strokes, never crash.
///
/// Each mutation is one of: truncate at a random offset, flip 1–8 random bytes, duplicate a
/// random line, delete a random line, insert a random byte. The same seed gives the same
/// mutations, and `description` says what was done so a failure can be reproduced.
public struct ByteMutation: Sendable, CustomStringConvertible {
  public enum Kind: String, Sendable, CaseIterable {
    case truncate, flipBytes, duplicateLine, deleteLine, insertByte
  }
  public var kind: Kind
  public var data: Data
  public var detail: String

  public var description: String { "\(kind.rawValue) \(detail)" }

  /// `count` mutations of `original`, drawn from `rng`.
  public static func generate(_ original: Data, count: Int, rng: inout SplitMix64) -> [ByteMutation]
  {
    var result: [ByteMutation] = []
    let bytes = [UInt8](original)
    guard !bytes.isEmpty else { return [] }
    for _ in 0..<count {
      let kind = Kind.allCases[rng.int(in: 0...(Kind.allCases.count - 1))]
      var b = bytes
      var detail = ""
      switch kind {
      case .truncate:
        let at = rng.int(in: 0...(b.count - 1))
        b.removeSubrange(at...)
        detail = "at byte \(at)"
      case .flipBytes:
        let n = rng.int(in: 1...8)
        var offsets: [Int] = []
        for _ in 0..<n {
          let at = rng.int(in: 0...(b.count - 1))
          b[at] ^= UInt8(truncatingIfNeeded: rng.int(in: 1...255))
          offsets.append(at)
        }
        detail = "at bytes \(offsets)"
      case .duplicateLine, .deleteLine:
        let lines = b.split(separator: 0x0A, omittingEmptySubsequences: false)
        let i = rng.int(in: 0...(lines.count - 1))
        var out: [ArraySlice<UInt8>] = Array(lines)
        if kind == .duplicateLine { out.insert(lines[i], at: i) } else { out.remove(at: i) }
        b = Array(out.joined(separator: [0x0A]))
        detail = "line \(i + 1)"
      case .insertByte:
        let at = rng.int(in: 0...b.count)
        let v = UInt8(truncatingIfNeeded: rng.int(in: 0...255))
        b.insert(v, at: at)
        detail = "byte \(v) at \(at)"
      }
      result.append(ByteMutation(kind: kind, data: Data(b), detail: detail))
    }
    return result
  }
}

/// The shared corpus beside the project (`../shared/corpus`), or `nil` when absent.
public func sharedCorpusURL(file: String = #filePath) -> URL? {
  var url = URL(fileURLWithPath: file)
  while url.path != "/" {
    url.deleteLastPathComponent()
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      let corpus = url.deletingLastPathComponent().appendingPathComponent("shared/corpus")
      return FileManager.default.fileExists(atPath: corpus.path) ? corpus : nil
    }
  }
  return nil
}

/// The package root (the folder holding Package.swift) above `file`.
public func packageRootURL(file: String = #filePath) -> URL {
  var url = URL(fileURLWithPath: file)
  while url.path != "/" {
    url.deleteLastPathComponent()
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      return url
    }
  }
  return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}
