import Foundation

extension RunResult {
  /// Every file path the result names relative to its run folder, with the JSON field it sits
  /// in (`samples[3].page.path`), in a fixed order.
  public var namedPaths: [(field: String, path: String)] {
    self.samples.enumerated().flatMap { i, s in s.namedPaths(field: "samples[\(i)]") }
  }

  /// Checks every named path against `RunRelativePath`'s rules inside `folder` (a page path
  /// also against `brokenPageRule`); the first violation is thrown, naming the field and the
  /// value.
  public func checkPaths(in folder: URL) throws(RunRelativePath.Violation) {
    try Self.check(namedPaths, in: folder)
  }

  /// Checks `paths` (from `namedPaths`) inside `folder`.
  public static func check(_ paths: [(field: String, path: String)], in folder: URL)
    throws(RunRelativePath.Violation)
  {
    for (field, path) in paths {
      if field.hasSuffix(".page.path") {
        _ = try RunRelativePath.resolvePage(path, in: folder, field: field)
      } else {
        _ = try RunRelativePath.resolve(path, in: folder, field: field)
      }
    }
  }
}

extension SampleEntry {
  /// Every file path the entry names relative to its run folder, with the JSON field it sits
  /// in (`field` is the entry's own: `samples[3]` gives `samples[3].page.path`), in a fixed
  /// order.
  public func namedPaths(field at: String) -> [(field: String, path: String)] {
    var out: [(String, String)] = []
    // Empty in a run without pictures (`run --no-render`).
    if !rawImage.isEmpty { out.append(("\(at).rawImage", rawImage)) }
    for (k, v) in images.sorted(by: { $0.key < $1.key }) {
      out.append(("\(at).images.\(k)", v))
    }
    if let p = page {
      out.append(("\(at).page.path", p.path))
      out.append(("\(at).page.rawOverlay", p.rawOverlay))
      for (name, map) in [
        ("large", p.large), ("midStroke", p.midStroke), ("endCrop", p.endCrop),
        ("cornerCrop", p.cornerCrop),
      ] {
        for (k, v) in map.sorted(by: { $0.key < $1.key }) {
          out.append(("\(at).page.\(name).\(k)", v))
        }
      }
    }
    for (k, d) in (inkDiff ?? [:]).sorted(by: { $0.key < $1.key }) where !d.missingInBase {
      out.append(("\(at).inkDiff.\(k).base", d.base))
      out.append(("\(at).inkDiff.\(k).diff", d.diff))
    }
    return out
  }
}
