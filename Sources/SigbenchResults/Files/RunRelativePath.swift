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

  /// The rule a page path (`samples[i].page.path`: a file `report` writes) breaks, or `nil`:
  /// it must name an HTML page under `samples/`, so that no results file can make `report`
  /// write over `result.json`, `bench.json`, an image or anything else in the run folder.
  public static func brokenPageRule(_ path: String) -> String? {
    if let rule = brokenRule(path) { return rule }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0] == "samples", parts[1].hasSuffix(".html"),
      parts[1].count > ".html".count, !parts[1].hasPrefix(".")
    else {
      return "a sample page must be 'samples/<name>.html' (report writes it)"
    }
    return nil
  }

  /// A page path inside `folder`, checked by `brokenPageRule` and then as `resolve` checks
  /// every path.
  public static func resolvePage(_ path: String, in folder: URL, field: String) throws(Violation)
    -> URL
  {
    if let rule = brokenPageRule(path) { throw Violation(field: field, value: path, rule: rule) }
    return try resolve(path, in: folder, field: field)
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
