import Foundation
import SigbenchRender
import SigbenchResults
import SigbenchTestSupport
import Testing

/// `render`, `contact-sheet`, `replay` and `render-bench` run as a user would, through the built
/// binary (see `EndToEndTests`).
@Suite("render commands", .serialized)
struct RenderCommandTests {
  static func fixture(_ name: String) -> String {
    packageRootURL().appendingPathComponent("Corpus/fixtures/\(name).sigbench.json").path
  }

  @Test("render writes PNG, SVG and PDF chosen by extension")
  func formats() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = Self.fixture("loop")
    for ext in ["png", "svg", "pdf"] {
      let out = dir.appendingPathComponent("loop.\(ext)")
      let r = try EndToEndTests.run([
        "render", f, "--strategy", "straight(size=3)", "-o", out.path,
      ])
      #expect(r.code == 0, "\(ext): \(r.stderr)")
      let data = try Data(contentsOf: out)
      let magic: [UInt8] =
        ext == "png" ? [0x89, 0x50, 0x4E, 0x47] : Array((ext == "svg" ? "<?xml" : "%PDF-").utf8)
      #expect(data.starts(with: magic), "\(ext)")
    }
    let forced = dir.appendingPathComponent("loop.out")
    let r = try EndToEndTests.run(["render", f, "--format", "svg", "-o", forced.path])
    #expect(r.code == 0)
    #expect(try String(contentsOf: forced, encoding: .utf8).contains("<svg"))
  }

  @Test("canvas flags: fit to bounds with margin, --size, --px-per-unit, --device-scale")
  func canvasFlags() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let f = Self.fixture("tap")  // one sample at (60, 40); straight width 2
    func size(_ args: [String]) throws -> (Int, Int) {
      let out = dir.appendingPathComponent("t.png")
      let r = try EndToEndTests.run(["render", f, "-o", out.path] + args)
      #expect(r.code == 0, "\(args): \(r.stderr)")
      let image = try GDImage(decoding: try Data(contentsOf: out))
      return (image.width, image.height)
    }
    // Tight bounds 2 × 2 plus 10 on each side.
    #expect(try size([]) == (22, 22))
    #expect(try size(["--margin", "3", "--device-scale", "3"]) == (24, 24))
    #expect(try size(["--size", "400x200", "--device-scale", "2"]) == (800, 400))
    #expect(try size(["--px-per-unit", "4", "--margin", "0"]) == (8, 8))
  }

  @Test("highlighter preset over a background picture keeps the picture's size and alpha 0.3")
  func highlighterOverPicture() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let chart = try GDImage(width: 200, height: 120)
    chart.fill(x: 0, y: 0, width: 200, height: 120, color: .white)
    // A JPEG, to go through libgd's JPEG decoder (white stays white within a level or two).
    let chartURL = dir.appendingPathComponent("chart.jpg")
    try chart.jpegData(quality: 95).write(to: chartURL)
    let out = dir.appendingPathComponent("hl.png")
    let r = try EndToEndTests.run([
      "render", Self.fixture("two-samples"), "--preset", "highlighter", "--background-image",
      chartURL.path, "-o", out.path,
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let image = try GDImage(decoding: try Data(contentsOf: out))
    #expect(image.width == 200 && image.height == 120)
    // Yellow at 0.3 over white: blue channel 255 · 0.7 ≈ 178.
    let p = image.rgba(x: 50, y: 50)
    #expect(p.r >= 253 && p.g >= 253 && abs(Int(p.b) - 178) <= 2, "\(p)")
  }

  @Test("render usage errors exit 64 with a hint")
  func usage() throws {
    let f = Self.fixture("tap")
    let both = try EndToEndTests.run([
      "render", f, "-o", "/tmp/x.png", "--size", "10x10", "--px-per-unit", "2",
    ])
    #expect(both.code == 64 && both.stderr.contains("either --size or --px-per-unit"))
    let ext = try EndToEndTests.run(["render", f, "-o", "/tmp/x.bmp"])
    #expect(ext.code == 64 && ext.stderr.contains("Cannot tell the format"))
    let field = try EndToEndTests.run(["render", f, "-o", "/tmp/x.pdf", "--field", "1,1,2,2"])
    #expect(field.code == 64 && field.stderr.contains("--page and --field go together"))
    let strategy = try EndToEndTests.run(["render", f, "-o", "/tmp/x.png", "--strategy", "nope"])
    #expect(strategy.code == 64 && strategy.stderr.contains("unknown strategy"))
    let color = try EndToEndTests.run(["render", f, "-o", "/tmp/x.png", "--ink", "#12"])
    #expect(color.code == 64 && color.stderr.contains("--ink must be"))
    let missing = try EndToEndTests.run(["render", "/nonexistent.json", "-o", "/tmp/x.png"])
    #expect(missing.code == 1 && missing.stderr.contains("Error: cannot read"))
  }

  @Test("contact-sheet writes a labelled grid, replay an animated GIF")
  func sheetAndReplay() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let sheet = dir.appendingPathComponent("sheet.png")
    let corpus = packageRootURL().appendingPathComponent("Corpus").path
    let r = try EndToEndTests.run([
      "contact-sheet", "--corpus", corpus, "--strategies", "straight,straight(size=4)", "-o",
      sheet.path, "--cell", "120x80", "--limit", "3",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let image = try GDImage(decoding: try Data(contentsOf: sheet))
    #expect(image.width == 150 + 3 * 120 && image.height == 18 + 3 * 80)
    let gif = dir.appendingPathComponent("replay.gif")
    let g = try EndToEndTests.run([
      "replay", Self.fixture("sharp-corner"), "--strategies", "straight,straight(size=6)", "-o",
      gif.path, "--size", "120x80",
    ])
    #expect(g.code == 0, "\(g.stderr)")
    let data = try Data(contentsOf: gif)
    #expect(data.starts(with: Array("GIF89a".utf8)))
    let first = try GDImage(decoding: data)
    #expect(first.width == 240 && first.height == 96)
  }

  @Test("render-bench smoke round prints both lanes and writes render-bench.json")
  func benchSmoke() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run([
      "render-bench", "--runs", "2", "--rounds", "1", "--corpus",
      packageRootURL().appendingPathComponent("Corpus/fixtures").path, "--file",
      Self.fixture("loop"), "--out", out.path,
    ])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("2x render: median") && r.stdout.contains("4x render: median"))
    #expect(r.stdout.contains("apply: p50"))
    // The results file: one folder under <out>/render-bench, every timing through the harness.
    let runs = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("render-bench").path)
    #expect(runs.count == 1)
    let file = out.appendingPathComponent("render-bench/\(runs[0])/render-bench.json")
    let report = try JSONDecoder().decode(RenderBenchReport.self, from: Data(contentsOf: file))
    #expect(report.strategy == "straight")
    #expect(report.timings.contains { $0.name == "render 2x, reused workspace" })
    #expect(report.timings.contains { $0.name == "PNG 4x, unfiltered level 3" })
    for t in report.timings where t.kind == "repeated" && t.name != "smoothing" {
      #expect(t.summary.count == 2, "\(t.name): one value per timed run")
      #expect(t.warmup.discardedPasses == 1 && t.warmup.passMedians.count >= 2, "\(t.name)")
    }
    let apply = try #require(report.timings.first { $0.name.hasPrefix("incremental apply") })
    #expect(apply.kind == "series" && apply.timedPasses == 1)
    #expect(report.lines.contains { $0.contains("apply: p50") })
  }
}
