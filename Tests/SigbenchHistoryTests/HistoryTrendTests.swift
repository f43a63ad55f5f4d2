import Foundation
import SigbenchBuildStamp
import SigbenchCore
import SigbenchReport
import SigbenchResults
import Testing

@testable import SigbenchHistory

/// Series built from stored runs: ordering, comparability groups, steps with commit ranges,
/// and the charts drawn from them.
@Suite("history trends")
struct HistoryTrendTests {
  /// A stored history of `count` commits of one strategy whose level rises 5 % at `stepAt`,
  /// on one machine, plus three runs on another machine.
  static func store(count: Int = 40, stepAt: Int = 25) throws -> HistoryStore {
    let dir = try HistoryFixtures.folder("trend")
    let store = try HistoryStore(path: dir.appendingPathComponent("h.sqlite").path)
    var rng = SplitMix64(seed: 11)
    for i in 0..<count {
      let level = i < stepAt ? 100.0 : 105.0
      let processes = (0..<10).map { _ in level * (1 + 0.02 * StepDetectionTests.normal(&rng)) }
      let headline = HistoryRecord.median(processes)!
      // Committed in order, but the run times are shuffled: the series follows commit time.
      let record = HistoryRecord(
        kind: "bench", createdAt: String(format: "2026-02-%02dT00:00:00Z", 28 - i % 28),
        commit: String(format: "%040x", i), commitTime: String(format: "2026-01-01T00:%02d:00Z", i),
        dirty: false, fingerprint: "cpu A", build: "release", corpusChecksum: "c0",
        tool: "sigbench", processes: 10, source: "live",
        measurements: [
          HistoryMeasurement(
            strategy: "straight", lane: "smooth", metric: "batch-p50", unit: "ns",
            headline: headline, perProcess: processes)
        ])
      try store.append(record)
    }
    for i in 0..<3 {
      var other = HistoryRecord(
        kind: "run", createdAt: "2026-03-0\(i + 1)T00:00:00Z", commit: "f\(i)", commitTime: nil,
        dirty: nil, fingerprint: "cpu B", build: "release", corpusChecksum: "c0", tool: "sigbench",
        processes: 1, source: "live", measurements: [])
      other.measurements = [
        HistoryMeasurement(
          strategy: "straight", lane: "smooth", metric: "batch-p50", unit: "ns", headline: 80,
          perProcess: [80])
      ]
      try store.append(other)
    }
    return store
  }

  @Test("series follow commit time, keep machines apart, and name each step's commit range")
  func seriesAndSteps() throws {
    let t = HistoryTrendBuilder.build(try Self.store().rows())
    #expect(t.series.count == 2)
    let a = try #require(t.series.first { $0.group.hasPrefix("cpu A") })
    #expect(a.points.count == 40)
    #expect(a.points.map(\.time) == a.points.map(\.time).sorted())
    #expect(a.points.allSatisfy { $0.low <= $0.value && $0.value <= $0.high })
    #expect(a.steps.count == 1)
    let step = try #require(a.steps.first)
    #expect(abs(step.index - 25) <= 1)
    #expect(step.toCommit == String(format: "%040x", step.index))
    #expect(step.fromCommit == String(format: "%040x", step.index - 1))
    #expect(abs(step.change! - 0.05) < 0.01)
    let b = try #require(t.series.first { $0.group.hasPrefix("cpu B") })
    #expect(b.points.count == 3 && b.steps.isEmpty)
    #expect(t.method.contains("Matteson & James"))
  }

  @Test("the steps list is newest first and the JSON carries each step's range and size")
  func stepsJSON() throws {
    let store = try Self.store()
    var t = HistoryTrendBuilder.build(try store.rows())
    var copy = t.series[0]
    copy.strategy = "catmull-rom"
    copy.steps = copy.steps.map { s in
      var s = s
      s.toTime = "2030-01-01T00:00:00Z"
      return s
    }
    t.series.append(copy)
    #expect(t.steps.first?.series.strategy == "catmull-rom")
    let json = try HistoryJSON.steps(t)
    let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    let steps = doc["steps"] as! [[String: Any]]
    #expect(steps.count == 2)
    #expect((steps[0]["commitRange"] as? String)?.contains("..") == true)
    #expect(steps[0]["change"] as? Double != nil)
  }

  @Test("the report page: steps, a headline chart per lane and metric, then a row per series")
  func reportPage() throws {
    let t = HistoryTrendBuilder.build(try Self.store().rows())
    let html = HistorySection.page(t, title: "sigbench history")
    // One headline chart (batch-p50, smooth) holds both groups' lines, its step drawn.
    #expect(html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 1)
    #expect(html.contains("class=\"step\""))
    #expect(html.contains("<table class=\"steps\">"))
    // Every series is also a row with a sparkline, folded under its strategy, linked from the index.
    #expect(html.components(separatedBy: "<svg class=\"spark\"").count - 1 == t.series.count)
    #expect(
      html.contains("<a href=\"#s-straight\">") && html.contains("<details id=\"s-straight\">"))
    let steps = try #require(html.range(of: "id=\"steps\"")).lowerBound
    let headline = try #require(html.range(of: "id=\"headline\"")).lowerBound
    let rows = try #require(html.range(of: "id=\"series\"")).lowerBound
    #expect(steps < headline && headline < rows)
    // Only the page's own script (legend toggle, sortable tables; PageScriptTests).
    #expect(html.components(separatedBy: "<script").count == 2)
  }

  @Test("the sheet shows one line until three runs are stored, then a row per series")
  func sheetNeedsThreeRuns() throws {
    var r = try RunResult.decode(try HistoryFixtures.v1Run())
    var t = HistoryTrendBuilder.build(try Self.store().rows())
    t.series = t.series.prefix(1).map { s in
      var s = s
      s.points = Array(s.points.prefix(2))
      s.steps = []
      return s
    }
    r.history = t
    let few = IndexPage.render(r)
    #expect(few.contains("<p id=\"history\">History: 2 runs stored"))
    #expect(!few.contains("<section id=\"history\">"))
    r.history = HistoryTrendBuilder.build(try Self.store().rows())
    let many = IndexPage.render(r)
    #expect(many.contains("<section id=\"history\">"))
    #expect(!many.contains("<svg class=\"chart\" role=\"img\" viewBox=\"0 0 420"))
    #expect(many.components(separatedBy: "<svg class=\"spark\"").count - 1 == 2)
  }

  @Test("a run sheet's history lives in result.json: decoded again, the sheet is the same")
  func runSheetSection() throws {
    var r = try RunResult.decode(try HistoryFixtures.v1Run())
    #expect(!IndexPage.render(r).contains("id=\"history\""))
    r.history = HistoryTrendBuilder.build(try Self.store().rows())
    let again = try RunResult.decode(try r.encoded())
    #expect(again.history == r.history)
    let html = IndexPage.render(again)
    #expect(html.contains("id=\"history\""))
    #expect(html == IndexPage.render(r))
  }
}

@Suite("history records")
struct HistoryRecordTests {
  @Test("a run records its bench figures and every quality metric it has, lane quality")
  func runRecordsQuality() throws {
    var r = try RunResult.decode(try HistoryFixtures.v1Run())
    var f = QualityFigures()
    f[.accuracyMean] = 0.25
    r.quality = RunQuality(strategies: ["straight": f], rateStability: [:])
    let record = HistoryRecord.run(r)
    let q = record.measurements.filter { $0.lane == "quality" }
    #expect(q.map(\.metric).contains("accuracy-mean"))
    #expect(q.first { $0.metric == "accuracy-mean" }?.headline == 0.25)
    #expect(q.allSatisfy { $0.strategy == "straight" && $0.headline.isFinite })
    #expect(record.measurements.contains { $0.lane == "smooth" && $0.metric == "batch-p50" })
    // The recorded commit is the result's own unless the live build's is given.
    #expect(record.commit == r.provenance.gitCommit)
    let live = HistoryRecord.run(r, commit: .build)
    #expect(live.commit == BuildStamp.commit && live.key == record.key)
  }

  @Test("the run sheet's history: batch-p50 of the run's strategies on its machine, build, corpus")
  func sheetTrends() throws {
    let dir = try HistoryFixtures.folder("sheet")
    let store = try HistoryStore(path: dir.appendingPathComponent("h.sqlite").path)
    let r = try RunResult.decode(try HistoryFixtures.v1Run())
    try store.append(.run(r))
    var elsewhere = HistoryRecord.run(r)
    elsewhere.fingerprint = "another machine"
    elsewhere.createdAt = "2027-01-01T00:00:00Z"
    try store.append(elsewhere)
    let t = try HistorySheet.trends(for: r, in: store)
    #expect(!t.series.isEmpty)
    #expect(t.series.allSatisfy { $0.metric == "batch-p50" && $0.points.count == 1 })
    #expect(Set(t.series.map(\.strategy)) == Set(r.strategies.map(\.label)))
    #expect(!t.series.contains { $0.group.hasPrefix("another machine") })
  }
}
