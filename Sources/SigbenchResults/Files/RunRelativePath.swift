import Foundation
import SigbenchCore

/// A path that a results file names relative to its run folder (`samples/0003-x.html`,
/// `img/0003/straight.png`), checked before anything is read or written through it: a results
/// file is data, and data from elsewhere must not choose where sigbench reads or writes.
///
/// The rules, in order: not empty; no control character; relative (no leading `/`); no `..`
/// component; no `\`; and, resolved against the folder with symbolic links followed, still
/// inside the folder.
public enum RunRelativePath {
  /// A path that broke a rule: the field it came from, its value and the rule.
  public struct Violation: Error, Equatable, CustomStringConvertible {
    public var field: String
    public var value: String
    public var rule: String

    public var description: String {
      "\(field): \(ConsoleText.quoted(value)) is not accepted: \(rule)"
    }
  }

  /// The first rule `path` breaks on its own (without looking at the disk), or `nil`.
  public static func brokenRule(_ path: String) -> String? {
    if path.isEmpty { return "a path must not be empty" }
    if path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "a path must not contain control characters"
    }
    if path.hasPrefix("/") { return "a path must be relative to the run folder" }
    if path.contains("\\") { return "a path must not contain a backslash" }
    if path.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
      return "a path must not contain a '..' component"
    }
    return nil
  }

  /// `path` inside `folder`, checked (`field` names it in the error).
  public static func resolve(_ path: String, in folder: URL, field: String) throws(Violation)
    -> URL
  {
    if let rule = brokenRule(path) { throw Violation(field: field, value: path, rule: rule) }
    let root = folder.resolvingSymlinksInPath().standardizedFileURL.path
    let url = folder.appendingPathComponent(path)
    guard let resolved = realPath(of: url) else {
      throw Violation(
        field: field, value: path, rule: "a path must not go through a broken symbolic link")
    }
    guard resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
      throw Violation(
        field: field, value: path,
        rule: "it resolves to \(resolved), outside the run folder \(root)")
    }
    return url
  }

  /// `url` with every symbolic link resolved: the longest part that exists resolved on disk,
  /// the rest (a file about to be written) appended; `nil` when that part ends in a broken
  /// link (which a write would follow to wherever it points).
  static func realPath(of url: URL) -> String? {
    var existing = url.standardizedFileURL
    var rest: [String] = []
    var info = stat()
    while lstat(existing.path, &info) != 0, existing.path != "/" {
      rest.insert(existing.lastPathComponent, at: 0)
      existing.deleteLastPathComponent()
    }
    if stat(existing.path, &info) != 0 { return nil }
    var result = existing.resolvingSymlinksInPath().standardizedFileURL
    for part in rest { result.appendPathComponent(part) }
    return result.path
  }
}
