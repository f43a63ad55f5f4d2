import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

/// The capture page holds a recording to the input envelope before it saves it (#43): its copy
/// of the bounds equals `InputEnvelope`'s, and its check finds a value past each (run in
/// Node.js where it is installed; skipped elsewhere, the copy's check still runs).
@Suite("capture page envelope")
struct CaptureEnvelopeTests {
  static let script = packageRootURL().appendingPathComponent(
    "Sources/SigbenchCapture/Capture/capture-format.js")

  @Test("the page's bounds are InputEnvelope's")
  func sameBounds() throws {
    let js = try String(contentsOf: Self.script, encoding: .utf8)
    for (key, bound) in [
      ("position", InputEnvelope.position), ("time", InputEnvelope.time),
      ("samplesPerStroke", InputEnvelope.samplesPerStroke),
      ("strokesPerFile", InputEnvelope.strokesPerFile),
      ("samplesPerFile", InputEnvelope.samplesPerFile),
    ] {
      #expect(js.contains("\(key): \(Int(bound.value))"), "capture-format.js: \(key)")
    }
  }

  @Test("the check refuses a value past each bound and passes the edge", .enabled(if: node != nil))
  func check() throws {
    let js = try String(contentsOf: Self.script, encoding: .utf8)
    let probe = """
      const s = (rows) => ({ rows });
      const out = [
        CaptureFormat.outsideEnvelope([s([[100000, -100000, 10000000000, null, null, null]])], []),
        CaptureFormat.outsideEnvelope([s([[100000.5, 0, 0, null, null, null]])], []),
        CaptureFormat.outsideEnvelope([], [s([[0, 0, -10000000001, null, null, null]])]),
        CaptureFormat.outsideEnvelope([s([[NaN, 0, 0, null, null, null]])], []),
      ];
      console.log(JSON.stringify(out));
      """
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Self.node!)
    p.arguments = ["-e", js + "\n" + probe]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    let out = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
    #expect(out[0] is NSNull, "\(out)")
    #expect((out[1] as? String)?.contains("position 100000.5") == true, "\(out)")
    #expect((out[2] as? String)?.contains("time -10000000001") == true, "\(out)")
    #expect((out[3] as? String)?.contains("position NaN") == true, "\(out)")
  }

  static let node = ["/usr/bin/node", "/usr/bin/nodejs"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}
