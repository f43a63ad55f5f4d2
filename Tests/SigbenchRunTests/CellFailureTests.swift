import Foundation
import SigbenchCore
import SigbenchQuality
import SigbenchRender
import SigbenchResults
import SigbenchStrategies
import Testing

@testable import SigbenchRun

/// A polyline through the samples scaled by a factor: NaN gives ink that is not finite, a large
/// factor ink past the ±400,000 px every writer draws. Test only.
struct ScaledPolyline: SmoothingStrategy {
  typealias Settings = Double
  static let descriptor = StrategyDescriptor(
    id: "test-scaled", summary: "A scaled polyline.", details: "Test only.", parameters: [])
  static func settings(from configuration: StrategyConfiguration) throws -> Double { 1 }
  let factor: Double
  var previous: Point?
  init(settings: Double) { factor = settings }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    let p = Point(x: sample.x * factor, y: sample.y * factor)
    if let q = previous { output.stable.append(.line(q, p, startWidth: 2, endWidth: 2)) }
    previous = p
  }
  mutating func complete(into output: inout StrokeOutput) {}
}

/// The per-cell failure rule inside the library (#43): `CellFailures` through `SampleJob` and
/// `QualityRun.measureCells`. The binary's side is `CellFailureEndToEndTests`.
@Suite struct CellFailureTests {
  static func scaled(_ factor: Double) throws -> ConfiguredStrategy {
    let c = try StrategyConfiguration(descriptor: ScaledPolyline.descriptor, options: [])
    return ConfiguredStrategy(configuration: c) { ScaledPolyline(settings: factor) }
  }

  static let drawing = Drawing(
    name: "wide.sigbench.json",
    strokes: [
      Stroke(samples: (0..<12).map { Sample(x: Double($0) * 8_000, y: 50, time: Double($0) / 100) })
    ])

  static func job(_ strategies: [ConfiguredStrategy], strict: Bool = false) throws -> (
    SampleJob, URL
  ) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-cells-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var spec = RenderSpec()
    (spec.width, spec.height, spec.supersample) = (120, 80, 1)
    return (
      SampleJob(
        images: SampleImages(spec: spec), strategies: strategies, runFolder: folder,
        strict: strict), folder
    )
  }

  static func straight() throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(StrategySpec(id: "straight"))
  }

  @Test("ink that is not finite fails the smoothing stage of that cell only")
  func notFinite() throws {
    let (job, folder) = try Self.job([try Self.straight(), try Self.scaled(.nan)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let entry = try job.run(Self.drawing, index: 0, format: "sigbench-ink")
    let failures = try #require(entry.failures)
    #expect(failures.count == 1)
    #expect(failures[0].stage == .smoothing && failures[0].strategy == "test-scaled")
    #expect(failures[0].reason.contains("stroke 1: a value is not finite"), "\(failures[0])")
    #expect(entry.images["straight"] != nil && entry.images["test-scaled"] == nil)
    #expect(entry.page?.quality?["straight"] != nil && entry.page?.quality?["test-scaled"] == nil)
  }

  @Test("ink past the writers' ±400,000 px fails the cell, naming how far it reaches")
  func pastTheWriters() throws {
    // 88,000 px × 5 = 440,000 px, plus half the 2 px width: inside the envelope in, past the
    // writers out.
    let (job, folder) = try Self.job([try Self.scaled(5)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let (entry, quality) = try job.measure(Self.drawing, format: "sigbench-ink")
    let f = try #require(entry.failures?.first)
    #expect(f.reason.contains("reaches 440001.0 px, past the 400000 px"), "\(f.reason)")
    #expect(quality == [QualityFigures()])
    // Four times is still drawn.
    let (inside, folder2) = try Self.job([try Self.scaled(4)])
    defer { try? FileManager.default.removeItem(at: folder2) }
    #expect(try inside.run(Self.drawing, index: 0, format: "sigbench-ink").failures == nil)
  }

  @Test("strict throws the first failure as exit 3, naming drawing, strategy and stage")
  func strict() throws {
    let (job, folder) = try Self.job([try Self.scaled(.infinity)], strict: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try job.run(Self.drawing, index: 0, format: "sigbench-ink")
      Issue.record("no error")
    } catch let e as PipelineError {
      #expect(e.kind == .invalidBenchmark)
      #expect(e.message.hasPrefix("wide.sigbench.json × test-scaled: smoothing: "), "\(e)")
    }
  }

  @Test("measureCells leaves a failed cell out and lists it; measure refuses to")
  func qualityRun() throws {
    let strategies = [try Self.straight(), try Self.scaled(.nan)]
    let other = Drawing(
      name: "short", strokes: [Stroke(samples: [Sample(x: 0, y: 0), Sample(x: 10, y: 3)])])
    let m = QualityRun.measureCells([Self.drawing, other], strategies: strategies)
    #expect(m.failed.map(\.drawing) == ["wide.sigbench.json", "short"])
    #expect(m.figures["straight"]?.drawings == 2)
    #expect((m.figures["test-scaled"]?.drawings ?? 0) == 0)
    #expect(throws: PipelineError.self) {
      try QualityRun.measure([Self.drawing], strategies: strategies)
    }
  }

  @Test("the injection knob names a stage, and only the three stages")
  func injection() throws {
    #expect(try Injection.parse("straight:fail=quality").failStage == "quality")
    #expect(throws: (any Error).self) { try Injection.parse("straight:fail=everything") }
    let i = try Injection.parse("straight:fail=smoothing")
    var cells = CellFailures(drawing: "d", strict: false, injected: i)
    let straight = try Self.straight()
    #expect(try cells.attempt(.smoothing, straight) { 1 } == nil)
    #expect(try cells.attempt(.quality, straight) { 1 } == 1)
    #expect(try cells.attempt(.smoothing, nil) { 1 } == 1)
    #expect(cells.list.map(\.stage) == [.smoothing])
  }
}
