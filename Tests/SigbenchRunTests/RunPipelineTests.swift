import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchRun
import Testing

/// The run pipeline in-process on `Corpus/fixtures`, without the binary.
@Suite("run pipeline (in-process)")
struct RunPipelineTests {
  static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = repo.appendingPathComponent("Corpus/fixtures").path

  final class Events: @unchecked Sendable {
    let lock = NSLock()
    var list: [ProgressEvent] = []
    func add(_ e: ProgressEvent) {
      lock.lock()
      list.append(e)
      lock.unlock()
    }
  }

  @Test("run writes a whole run folder: result, bench files, sheet, pictures; latest points at it")
  func wholeRun() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-runpipeline-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let corpus = try CorpusInput.load(Self.fixtures)
    var settings = RunSettings(
      strategies: try StrategyResolver.resolve("uber-weighted", reference: .added))
    settings.out = out.path
    settings.bench.counters = false
    let events = Events()
    let outcome = try RunPipeline(settings: settings, progress: { events.add($0) }).run(corpus)
    let r = outcome.result
    #expect(r.strategies.map(\.label) == ["straight", "uber-weighted"])
    #expect(r.samples.count == corpus.drawings.count)
    #expect(r.bench.figures.count == 4)
    #expect(r.corpus.points == corpus.pointCount)
    // Quality: per strategy over the corpus, per sample on its page, a section and a
    // definitions page in the sheet, a table in summary.md.
    let q = try #require(r.quality)
    #expect(Set(q.strategies.keys) == Set(r.strategies.map(\.label)))
    #expect(r.samples.allSatisfy { $0.page?.quality?.count == r.strategies.count })
    let index = try String(
      contentsOf: outcome.folder.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("<section id=\"quality\">") && index.contains("metrics.html"))
    let summary = try String(
      contentsOf: outcome.folder.appendingPathComponent("summary.md"), encoding: .utf8)
    #expect(summary.contains("## Ink quality"))
    // The floor (the null smoother through the same driver) is stated beside the timer.
    #expect(r.bench.floor != nil)
    #expect(summary.contains("- Floor (a null smoother, no work"))
    #expect(index.contains("<p id=\"floor\">Floor: a null smoother"))
    for name in ["result.json", "bench.json", "summary.md", "index.html", "metrics.html"] {
      #expect(
        FileManager.default.fileExists(atPath: outcome.folder.appendingPathComponent(name).path))
    }
    // Raw samples only on request (#42, item 10): their summaries are in bench.json.
    #expect(
      !FileManager.default.fileExists(
        atPath: outcome.folder.appendingPathComponent("samples.csv").path))
    #expect(r.bench.rawSamples == nil)
    for s in r.samples {
      for path in [s.rawImage] + s.images.values {
        let png = try Data(contentsOf: outcome.folder.appendingPathComponent(path))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(path)")
      }
    }
    let stored = try RunResult.decode(
      try Data(contentsOf: outcome.latest.appendingPathComponent("result.json")))
    #expect(stored == r)
    let partials = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("runs").path
    ).filter { $0.hasSuffix(".partial") }
    #expect(partials.isEmpty)
    // Progress came through the callback: files (read, drawn, measured) counted to the end,
    // notes along the way.
    #expect(
      events.list.contains(
        .advance(
          label: "reading and measuring files", done: r.corpus.filesRead,
          total: r.corpus.filesRead)))
    #expect(events.list.contains { if case .note = $0 { return true } else { return false } })
  }

  @Test("a sized straight alone gets the plain reference beside it, and the sheet shows both")
  func referenceShown() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-reference-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let corpus = try CorpusInput.load(Self.fixtures + "/tap.sigbench.json")
    var settings = RunSettings(
      strategies: try StrategyResolver.resolve("straight(size=3)", reference: .added))
    settings.out = out.path
    settings.bench.counters = false
    let outcome = try RunPipeline(settings: settings).run(corpus)
    #expect(outcome.result.strategies.map(\.label) == ["straight", "straight(size=3)"])
    #expect(outcome.result.bench.figures.map(\.strategy).contains("straight"))
    let html = try String(
      contentsOf: outcome.folder.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<th><code>straight</code></th>"))
    #expect(html.contains("straight(size=3)"))
  }

  @Test("an empty or unreadable corpus is a tool error naming the path")
  func badCorpus() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-empty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    #expect(throws: PipelineError.self) { try CorpusInput.load(empty.path) }
    do {
      _ = try CorpusInput.load(empty.path)
    } catch {
      #expect(error.kind == .toolError && error.message.contains(empty.path))
    }
  }
}

@Suite("strategy resolver")
struct StrategyResolverTests {
  @Test("measuring commands add plain straight unless a strategy has exactly that label")
  func reference() throws {
    let sized = try StrategyResolver.resolve("straight(size=3)", reference: .added)
    #expect(sized.map(\.label) == ["straight", "straight(size=3)"])
    let plain = try StrategyResolver.resolve("catmull-rom,straight", reference: .added)
    #expect(plain.map(\.label) == ["straight", "catmull-rom"])
    let none = try StrategyResolver.resolve("straight(size=3)", reference: .none)
    #expect(none.map(\.label) == ["straight(size=3)"])
    #expect(try StrategyResolver.resolve(nil, reference: .added).first?.label == "straight")
  }
}
