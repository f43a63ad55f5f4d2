import Foundation
import SigbenchDigest
import SigbenchTestSupport
import Testing

@testable import SigbenchCapture

/// `sigbench capture` writes one self-contained page whose policy admits exactly its own
/// script and style (see `CapturePage`); the browser-level behaviour is checked by
/// `scripts/check-capture.sh`.
@Suite("capture command", .serialized)
struct CaptureCommandTests {
  static func inline(_ tag: String, in html: String) -> [String] {
    html.components(separatedBy: "<\(tag)>").dropFirst().compactMap {
      $0.components(separatedBy: "</\(tag)>").first
    }
  }

  static func hash(_ text: String) -> String {
    SHA256Digest.cspSource(text)
  }

  @Test("SHA-256 matches the FIPS 180-4 vectors")
  func sha256() {
    func hex(_ s: String) -> String {
      SHA256Digest.digest(Array(s.utf8)).map { String(format: "%02x", $0) }.joined()
    }
    #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(String(repeating: "a", count: 1000))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  @Test("the page is one file: inline script and style, a policy that admits only them")
  func selfContained() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("sub/capture.html")
    let r = try EndToEndTests.run(["capture", "-o", out.path])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("capture.html"))
    let html = try String(contentsOf: out, encoding: .utf8)
    let scripts = Self.inline("script", in: html)
    let styles = Self.inline("style", in: html)
    try #require(scripts.count == 1 && styles.count == 1)
    #expect(scripts[0].contains("PressureRule") && scripts[0].contains("getCoalescedEvents"))
    // Nothing is fetched: the markup and style load no script, style sheet, image, frame or
    // font; the script opens no connection and touches no storage (the one URL in it is the
    // InkML namespace, a name, never fetched).
    let markup = html.replacingOccurrences(of: scripts[0], with: "").lowercased()
    for pattern in ["src=", "href=", "<link", "<iframe", "@import", "url(", "http:", "https:"] {
      #expect(!markup.contains(pattern), "page markup or style contains \(pattern)")
    }
    let calls = [
      "fetch(", "XMLHttpRequest", "WebSocket", "EventSource", "sendBeacon", "import(",
      "localStorage", "sessionStorage", "indexedDB", "document.cookie", "caches.",
    ]
    for pattern in calls { #expect(!scripts[0].contains(pattern), "script uses \(pattern)") }
    let urls = scripts[0].components(separatedBy: "http").dropFirst().map { $0.prefix(30) }
    #expect(urls.count == 1 && urls[0].hasPrefix("://www.w3.org/2003/InkML\""), "\(urls)")
    let policy = CapturePage.policy(
      script: Self.hash(scripts[0]), style: Self.hash(styles[0]))
    #expect(html.contains("content=\"\(policy)\""))
    #expect(policy.hasPrefix("default-src 'none';") && policy.contains("connect-src 'none'"))
    #expect(!policy.contains("unsafe"))
    // Written atomically: no temporary file is left beside it.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: out.deletingLastPathComponent().path)
    #expect(left == ["capture.html"])
  }

  @Test("the page comes from its own files, not from Swift string literals")
  func partsLiveInTheirOwnFiles() throws {
    let folder = packageRootURL().appendingPathComponent("Sources/SigbenchCapture/Capture")
    for file in [
      "capture.html", "capture.css", "capture.js", "capture-format.js", "credibility.js",
    ] {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.isEmpty)
    }
    let page = try CapturePage.assemble(from: folder)
    let js = try String(contentsOf: folder.appendingPathComponent("capture.js"), encoding: .utf8)
    #expect(page.contains(js))
  }

  @Test("a wrong or missing output is a usage error (64)")
  func usage() throws {
    let missing = try EndToEndTests.run(["capture"])
    #expect(missing.code == 64)
    #expect(missing.stderr.contains("Missing '--output <PATH>'"))
    let wrong = try EndToEndTests.run(["capture", "-o", "page.txt"])
    #expect(wrong.code == 64)
    #expect(wrong.stderr.contains("must end in .html"))
  }
}
