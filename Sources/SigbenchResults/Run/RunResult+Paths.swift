import Foundation

extension RunResult {
  /// Every file path the result names relative to its run folder, with the JSON field it sits
  /// in (`samples[3].page.path`), in a fixed order.
  public var namedPaths: [(field: String, path: String)] {
    var out: [(String, String)] = []
    for (i, s) in self.samples.enumerated() {
      let at = "samples[\(i)]"
      // Empty in a run without pictures (`run --no-render`).
      if !s.rawImage.isEmpty { out.append(("\(at).rawImage", s.rawImage)) }
      for (k, v) in s.images.sorted(by: { $0.key < $1.key }) {
        out.append(("\(at).images.\(k)", v))
      }
      if let p = s.page {
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
      for (k, d) in (s.inkDiff ?? [:]).sorted(by: { $0.key < $1.key }) where !d.missingInBase {
        out.append(("\(at).inkDiff.\(k).base", d.base))
        out.append(("\(at).inkDiff.\(k).diff", d.diff))
      }
    }
    return out
  }

  /// Checks every named path against `RunRelativePath`'s rules inside `folder` (a page path
  /// also against `brokenPageRule`); the first violation is thrown, naming the field and the
  /// value.
  public func checkPaths(in folder: URL) throws(RunRelativePath.Violation) {
    for (field, path) in namedPaths {
      if field.hasSuffix(".page.path") {
        _ = try RunRelativePath.resolvePage(path, in: folder, field: field)
      } else {
        _ = try RunRelativePath.resolve(path, in: folder, field: field)
      }
    }
  }
}
