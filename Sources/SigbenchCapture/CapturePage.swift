import Foundation
import SigbenchDigest

/// The capture page as one self-contained HTML file, assembled from its parts in
/// `Sources/SigbenchCapture/Capture/` (a SwiftPM resource folder installed beside the binary as
/// `sigbench_SigbenchCapture.resources/Capture/`).
///
/// `capture.html` holds two markers, `<!-- sigbench:style FILE… -->` and
/// `<!-- sigbench:script FILE… -->`, replaced by one inline `<style>` and one inline `<script>`
/// holding those files, and a `{{CSP}}` placeholder replaced by the Content-Security-Policy.
/// The policy allows exactly that one script and that one style sheet by their SHA-256
/// hashes and nothing else: `default-src 'none'` forbids every fetch (connections, images,
/// fonts, frames, workers), `connect-src 'none'` says so explicitly, `form-action` and
/// `base-uri` are closed too. Hashes rather than `'unsafe-inline'` also refuse inline event
/// handlers and any script or style the page did not ship with.
public enum CapturePage {
  /// The folder holding the page's parts.
  public static func resourceFolder() throws -> URL {
    let name = "sigbench_SigbenchCapture.resources"
    // Beside the running binary (found through /proc/self/exe, so a symlink or a PATH lookup
    // does not matter); then where SwiftPM's accessor looks (the build folder).
    var candidates: [URL] = []
    if let exe = Bundle.main.executableURL {
      for dir in [
        exe.deletingLastPathComponent(), exe.resolvingSymlinksInPath().deletingLastPathComponent(),
      ] {
        candidates.append(dir.appendingPathComponent(name).appendingPathComponent("Capture"))
      }
    }
    for url in candidates
    where FileManager.default.fileExists(atPath: url.appendingPathComponent("capture.html").path) {
      return url
    }
    guard let url = Bundle.module.url(forResource: "Capture", withExtension: nil) else {
      throw CaptureError(
        "the capture page's files (\(name)/Capture) are not installed beside sigbench")
    }
    return url
  }

  /// The assembled page.
  public static func assemble(from folder: URL) throws -> String {
    func read(_ file: String) throws -> String {
      let url = folder.appendingPathComponent(file)
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw CaptureError("cannot read \(url.path)")
      }
      return String(decoding: data, as: UTF8.self)
    }
    var html = try read("capture.html")
    var hashes: [String: String] = [:]
    for (kind, closing) in [("style", "</style"), ("script", "</script")] {
      let pattern = "<!-- sigbench:\(kind) "
      guard let start = html.range(of: pattern),
        let end = html.range(of: " -->", range: start.upperBound..<html.endIndex)
      else { throw CaptureError("capture.html has no '\(pattern)…-->' marker") }
      let files = html[start.upperBound..<end.lowerBound].split(separator: " ").map(String.init)
      var body = "\n"
      for file in files {
        let text = try read(file)
        for forbidden in [closing, "<!--"] where text.lowercased().contains(forbidden) {
          throw CaptureError(
            "\(file) contains '\(forbidden)', which would end the inline \(kind)")
        }
        body += text.hasSuffix("\n") ? text : text + "\n"
      }
      hashes[kind] = SHA256Digest.cspSource(body)
      html.replaceSubrange(start.lowerBound..<end.upperBound, with: "<\(kind)>\(body)</\(kind)>")
    }
    guard html.contains("{{CSP}}") else {
      throw CaptureError("capture.html has no {{CSP}} placeholder")
    }
    return html.replacingOccurrences(
      of: "{{CSP}}", with: policy(script: hashes["script"]!, style: hashes["style"]!))
  }

  /// The Content-Security-Policy for one script and one style sheet, given as CSP sources.
  public static func policy(script: String, style: String) -> String {
    "default-src 'none'; script-src \(script); style-src \(style); connect-src 'none'; "
      + "img-src 'none'; form-action 'none'; base-uri 'none'"
  }
}

/// The capture page's parts are missing or malformed (a broken installation).
public struct CaptureError: Error, Sendable, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
