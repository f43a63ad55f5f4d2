import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

/// The capture page's port of the pressure-credibility rule (`Capture/credibility.js`) and
/// `PressureCredibility` give the same finding on the same samples. The JavaScript runs in
/// headless Chromium (installed by `scripts/install-deps.sh chromium`, as the browser checks
/// need it); the test is skipped where there is no chromium.
@Suite("capture page pressure rule")
struct CaptureCredibilityTests {
  static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Hand-picked edge cases of every finding, then seeded random channels.
  static func vectors() -> [[Double?]] {
    var v: [[Double?]] = [
      [], [nil, nil], [0.5, nil, 0.6], Array(repeating: 0.5, count: 7),
      Array(repeating: 0.5, count: 20), Array(repeating: 0.5, count: 9) + [0],
      Array(repeating: 0.5, count: 8) + [0, 0.1], (0..<8).map { 0.3 + 0.01 * Double($0) },
      (0..<8).map { 0.3 + 0.002 * Double($0) }, (0..<20).map { Double($0 % 7) / 10 },
      (0..<20).map { Double($0 % 8) / 10 }, (0..<3).map { Double($0) / 10 },
      [0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4], [0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.3, 0.3],
      [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.51],
      (0..<10).map { 0.5 + 0.0022 * Double($0) }, (0..<10).map { 0.5 + 0.0023 * Double($0) },
    ]
    var rng = SplitMix64(seed: 17)
    for _ in 0..<400 {
      let n = rng.int(in: 0...40)
      let levels = rng.int(in: 1...12)
      let steps: [Double] = [1, 0.1, 0.01, 0.001, 1.0 / 1024, 1.0 / 3]
      let step = steps[rng.index(steps.count)]
      let base = rng.double(in: 0...0.9)
      let missing = rng.index(10) == 0
      v.append(
        (0..<n).map { _ -> Double? in
          if missing && rng.index(4) == 0 { return nil }
          return min(1, base + Double(rng.index(levels)) * step * 0.05)
        })
    }
    return v
  }

  @Test(
    "page and PressureCredibility agree on every sample set",
    .enabled(if: chromium != nil, "no chromium (scripts/install-deps.sh chromium)"))
  func agree() throws {
    let vectors = Self.vectors()
    let rule = try String(
      contentsOf: packageRootURL().appendingPathComponent(
        "Sources/SigbenchCapture/Capture/credibility.js"), encoding: .utf8)
    let data =
      "["
      + vectors.map { v in
        "[" + v.map { $0.map { "\($0)" } ?? "null" }.joined(separator: ",") + "]"
      }.joined(separator: ",") + "]"
    let page = """
      <!doctype html><meta charset="utf-8"><pre id="out"></pre><script>
      \(rule)
      const vectors = \(data);
      document.getElementById("out").textContent =
        vectors.map((v) => { const r = PressureRule.assess(v);
          return [r.finding, r.distinctLevels, r.samplesWithPressure].join(":"); }).join(" ");
      </script>
      """
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("rule.html")
    try page.write(to: file, atomically: true, encoding: .utf8)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Self.chromium!)
    p.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir.path)/profile",
      "--dump-dom", file.absoluteString,
    ]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    let body = try #require(
      dom.components(separatedBy: "<pre id=\"out\">").dropFirst().first?
        .components(separatedBy: "</pre>").first, "no result in the DOM: \(dom.prefix(300))")
    let page_ = body.split(separator: " ").map(String.init)
    try #require(page_.count == vectors.count)
    var findings: Set<String> = []
    for (v, js) in zip(vectors, page_) {
      let swift = PressureCredibility.assess(v.map { Sample(x: 0, y: 0, pressure: $0) })
      let expected =
        "\(swift.finding.rawValue):\(swift.distinctLevels):\(swift.samplesWithPressure)"
      #expect(js == expected, "values \(v)")
      findings.insert(swift.finding.rawValue)
    }
    // The sample sets reach every finding, so every branch of both rules is compared.
    #expect(findings == Set(PressureCredibility.Finding.allCases.map(\.rawValue)))
  }
}
