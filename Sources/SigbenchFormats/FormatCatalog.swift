import Foundation
import SigbenchCore

/// Every format sigbench reads or writes. Adding a format is one file plus one line here.
public enum FormatCatalog {
  public static let all: [any StrokeFormat] = [
    NativeFormat(),
    InkMLFormat(),
    IAMOnDBFormat(),
    SignaturePadFormat(),
    BDALabFormat(),
    SVC2004Format(),
    QuickDrawFormat(),
    BinaryFormat(),
    UIMFormat(),
  ]

  /// Ids in catalog order.
  public static var ids: [String] { all.map(\.descriptor.id) }

  /// The format with `id`.
  public static func format(id: String) -> (any StrokeFormat)? {
    all.first { $0.descriptor.id == id }
  }

  /// Formats whose extensions match `fileName` (longest extension first).
  public static func candidates(forFileName fileName: String) -> [any StrokeFormat] {
    let lower = fileName.lowercased()
    var matches: [(Int, any StrokeFormat)] = []
    for f in all {
      if let ext = f.descriptor.extensions.first(where: { lower.hasSuffix("." + $0) }) {
        matches.append((ext.count, f))
      }
    }
    return matches.sorted { $0.0 > $1.0 }.map(\.1)
  }

  /// Picks the reader for a file: by extension, confirmed by content; when several formats
  /// share an extension, the first whose `sniff` accepts wins; when none sniffs, the most
  /// specific extension's format that shows a sign of itself (`showsSign`) is used so its
  /// errors explain what is wrong. `nil` when no format claims the extension, or the content
  /// shows no sign of any that does.
  public static func reader(forFileName fileName: String, data: Data) -> (any StrokeFormat)? {
    let byExtension = candidates(forFileName: fileName)
    if let f = byExtension.first(where: { $0.sniff(data) }) { return f }
    return byExtension.first { $0.showsSign(data) }
  }
}
