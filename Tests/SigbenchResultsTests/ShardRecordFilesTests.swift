import Foundation
import SigbenchCore
import Testing

@testable import SigbenchResults

/// Run schema 6 (#48): a version 5 result (written by the build before it) still reads, as
/// neither shard nor merge; a shard's and a merge's records round-trip; the per-drawing figures'
/// binary records read back to the bit and refuse what they are not.
@Suite("run schema 6 and shard records")
struct ShardRecordFilesTests {
  @Test("a version 5 result reads as written, neither shard nor merge")
  func version5Reads() throws {
    let run = try RunResult.decode(LegacyFilesTests.data("v5-run/result.json"))
    #expect(run.strategies.map(\.label) == ["straight"])
    #expect(run.shard == nil && run.merge == nil)
    let again = try RunResult.decode(run.encoded())
    #expect(again.schemaVersion == 6 && again == run)
  }

  @Test("a shard's and a merge's records round-trip")
  func roundTrip() throws {
    var run = try RunResult.decode(LegacyFilesTests.data("v5-run/result.json"))
    run.shard = ShardInfo(
      index: 2, count: 8, manifestDigest: String(repeating: "ab", count: 32), manifestFiles: 10,
      manifestBytes: 12_345, contentChecksum: "cbf29ce484222325", drawings: 3,
      drawingsPassedOver: 4, filesUnread: 5, pictures: false)
    run.merge = MergeInfo(
      count: 8,
      shards: [
        MergedShard(
          index: 1, runID: "r1", folder: "s1", machine: run.machine, build: "b", drawings: 3,
          contentChecksum: "c", createdAt: run.createdAt)
      ], missing: [2, 3], manifestDigest: "d", manifestFiles: 10, manifestBytes: 1,
      formatStudySource: "shard 1",
      timingGroups: [
        TimingGroup(shards: [1], machine: run.machine, build: "b", figures: run.bench.figures)
      ], countersSource: "none")
    let again = try RunResult.decode(run.encoded())
    #expect(again.shard == run.shard && again.merge == run.merge)
    #expect(again.merge?.complete == false)
  }

  /// A ledger with a record of every kind: read whole, read in part with warnings, skipped,
  /// rejected at a line, and unread (which the ledger leaves out).
  static func ledger() -> ShardLedger {
    var whole = ShardFileRecord(ordinal: 0, name: "a/1.TXT", outcome: .read)
    whole.format = "svc2004"
    whole.drawings = [0]
    whole.drawingsInFile = 1
    whole.samples = 84
    var warned = ShardFileRecord(ordinal: 1, name: "a/2.TXT", outcome: .read)
    warned.format = "svc2004"
    warned.drawings = [0]
    warned.drawingsInFile = 1
    warned.samples = 90
    warned.warnings = [ShardWarning(drawing: nil, text: "line 3: \"repaired\" ü")]
    var part = ShardFileRecord(ordinal: 2, name: "b/cat \"ü\".ndjson", outcome: .read)
    part.format = "quickdraw"
    part.drawings = [1, 4, 9]
    part.drawingsInFile = 12
    part.partial = true
    part.samples = 310
    part.warnings = [
      ShardWarning(drawing: 4, text: "a warning"), ShardWarning(drawing: nil, text: "x"),
    ]
    var skipped = ShardFileRecord(ordinal: 3, name: "notes.xyz", outcome: .skipped)
    skipped.note = "not a supported format"
    var rejected = ShardFileRecord(ordinal: 4, name: "c/bad.ndjson", outcome: .rejected)
    rejected.note = "line 19: not JSON"
    rejected.errorLine = 19
    rejected.partial = true
    let info = ShardInfo(
      index: 1, count: 2, manifestDigest: "d", manifestFiles: 6, manifestBytes: 9,
      contentChecksum: "c", drawings: 4, drawingsPassedOver: 9, filesUnread: 1, pictures: false)
    return ShardLedger(
      info: info, walkSkipped: [],
      names: [
        "a/1.TXT", "a/2.TXT", "b/cat \"ü\".ndjson", "notes.xyz", "c/bad.ndjson", "d/3.TXT",
      ],
      files: [
        whole, warned, part, skipped, rejected,
        ShardFileRecord(ordinal: 5, name: "d/3.TXT", outcome: .unread),
      ])
  }

  @Test("a ledger round-trips; its records are written without names or default members")
  func ledgerRoundTrip() throws {
    let ledger = Self.ledger()
    #expect(ledger.files.map(\.ordinal) == [0, 1, 2, 3, 4])
    let data = try ResultJSON.encode(ledger)
    #expect(try JSONDecoder().decode(ShardLedger.self, from: data) == ledger)
    let decoder = JSONDecoder()
    decoder.userInfo[ShardLedger.withoutNames] = true
    let nameless = try decoder.decode(ShardLedger.self, from: data)
    #expect(nameless.names.isEmpty && nameless.files.allSatisfy { $0.name.isEmpty })
    var named = nameless
    named.names = ledger.names
    for i in named.files.indices { named.files[i].name = ledger.names[named.files[i].ordinal] }
    #expect(named == ledger)
    // As a merge reads it: the names cut out of the text, or read alone.
    #expect(try ShardLedger.decodeWithoutNames(data) == nameless)
    #expect(try ShardLedger.decodeNames(data) == ledger.names)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let files = try #require(json["files"] as? [[String: Any]])
    #expect(files.allSatisfy { $0["name"] == nil })
    #expect(files.map { $0["ordinal"] as? Int } == [2, 3, 4])
    #expect(Set(files[1].keys) == ["ordinal", "outcome", "note"])
    let one = try #require(json["oneDrawing"] as? [String: Any])
    #expect(one["ordinals"] as? [Int] == [0, 1])
    #expect(one["formats"] as? [String] == ["svc2004", "svc2004"])
    #expect(one["samples"] as? [Int] == [84, 90])
    #expect(one["warnings"] as? [[String]] == [[], ["line 3: \"repaired\" ü"]])
  }

  @Test("a ledger of another schema, or a record past the names, is refused with the reason")
  func ledgerRefusals() throws {
    let data = try ResultJSON.encode(Self.ledger())
    var old = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    old["schemaVersion"] = 1
    let oldData = try JSONSerialization.data(withJSONObject: old)
    #expect(
      String(describing: Result { try JSONDecoder().decode(ShardLedger.self, from: oldData) })
        .contains("ledger schema 1; this build reads 2"))
    var far = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var files = try #require(far["files"] as? [[String: Any]])
    files[0]["ordinal"] = 6
    far["files"] = files
    let farData = try JSONSerialization.data(withJSONObject: far)
    #expect(
      String(describing: Result { try JSONDecoder().decode(ShardLedger.self, from: farData) })
        .contains("files[0]: ordinal 6; the corpus has 6 files (0…5)"))
    var swapped = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var order = try #require(swapped["files"] as? [[String: Any]])
    order.swapAt(0, 1)
    swapped["files"] = order
    let swappedData = try JSONSerialization.data(withJSONObject: swapped)
    #expect(
      String(describing: Result { try JSONDecoder().decode(ShardLedger.self, from: swappedData) })
        .contains("files[1]: ordinal 2 after 3; files are in corpus order"))
  }

  /// Figures with every kind of field set, from a seeded sequence (values whose last bits
  /// matter: thirds, tiny and huge magnitudes, negative zero).
  static func figures(seed: Int) -> QualityFigures {
    var f = QualityFigures(
      drawings: 1, strokes: seed % 7, samples: 100 + seed, strokesWithoutInk: seed % 2,
      accuracyPoints: 3 * seed, reverseAccuracyPoints: 2 * seed, gapStrokes: 1, joins: seed,
      cornerJoins: 2, pressureCredibleDrawings: seed % 2, timedSamples: 99, updates: 40 + seed,
      predictions: seed % 3 == 0 ? nil : seed, scoredPredictions: seed % 3 == 0 ? nil : seed / 2,
      reference: seed % 2 == 0 ? .truth : .inputPolyline,
      pressure: seed % 4 == 0
        ? nil
        : PressureCredibility(
          finding: .dominantValue, samples: 10, samplesWithPressure: 9, distinctLevels: 3,
          mostFrequentValue: 1.0 / 3.0, mostFrequentShare: nil, minimum: -0.0, maximum: 0.75),
      inkLength: Double(seed) / 3, churnMax: seed % 5 == 0 ? nil : 1e-300 * Double(seed))
    for (k, metric) in QualityMetric.catalog.enumerated() where (k + seed) % 3 != 0 {
      f[metric] = (Double(k) + 0.1) / Double(seed + 7) * (k % 2 == 0 ? 1 : -1e200)
    }
    return f
  }

  @Test("binary drawing records read back equal to the bit, for every field")
  func codecRoundTrip() throws {
    let records = (0..<12).map { seed in
      ShardDrawingRecord(
        file: seed * 3, drawing: seed % 4,
        figures: [Self.figures(seed: seed), Self.figures(seed: seed + 1)],
        motion: seed % 2 == 0
          ? MotionKey(motion: "m-\(seed) ü", rate: 120 + Double(seed) / 7) : nil,
        entry: seed % 3 == 0 ? nil : Self.entry(seed: seed))
    }
    #expect(records.filter { $0.entry != nil }.count == 8)
    var data = ShardDrawingCodec.header(strategies: 2)
    for r in records { data.append(ShardDrawingCodec.encode(r)) }
    #expect(try ShardDrawingCodec.readHeader(data.prefix(ShardDrawingCodec.headerLength)) == 2)
    var at = ShardDrawingCodec.headerLength
    var reused = records[0]
    var figures = records[1].figures
    for r in records {
      let n =
        Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
      let back = try ShardDrawingCodec.decode(data[(at + 4)..<(at + 4 + n)], strategies: 2)
      #expect(back == r)
      // Equal as values is not enough for −0 and NaN-free doubles: compare the bits too.
      for (a, b) in zip(back.figures, r.figures) {
        #expect(a.slots.map { $0?.bitPattern } == b.slots.map { $0?.bitPattern })
        #expect(a.pressure?.minimum?.sign == b.pressure?.minimum?.sign)
      }
      // Read in place and in part, as `merge` reads: into a record and figures still holding
      // the previous record's values, every member is overwritten.
      let payload = data[(at + 4)..<(at + 4 + n)]
      try payload.withUnsafeBytes { p in
        try ShardDrawingCodec.decode(p, strategies: 2, into: &reused)
        #expect(reused == r)
        let head = try ShardDrawingCodec.decodeEntry(p)
        #expect(head.file == r.file && head.drawing == r.drawing && head.entry == r.entry)
        #expect(
          try ShardDrawingCodec.decodeFigures(p, strategies: 2, into: &figures) == r.motionKey)
        #expect(figures == r.figures)
      }
      at += 4 + n
    }
    #expect(at == data.count)
  }

  /// A plain entry: every field set, metadata with line breaks, quotes and non-ASCII text, a
  /// rate or none.
  static func entry(seed: Int) -> SampleEntry {
    var e = SampleEntry(
      name: "c\(seed)/ü \"\(seed)\".txt", format: seed % 2 == 0 ? "svc2004" : "quickdraw",
      strokes: seed + 1, points: 10 * seed + 3, hoverPoints: seed % 3, timed: seed % 4 != 1,
      hasPressure: seed % 5 == 0,
      metadata: seed == 4
        ? [:] : ["notes": "a\nb \"c\" − \(seed)", "sample rate": "100.0 Hz", "source": "S"],
      rawImage: "", images: [:])
    e.sampleRate = seed % 4 == 2 ? nil : 100 + 1 / Double(seed + 3)
    return e
  }

  @Test("only a plain entry rides in a drawing record")
  func onlyPlainEntries() {
    var pictured = Self.entry(seed: 1)
    pictured.rawImage = "img/0001-x/raw.png"
    var failed = Self.entry(seed: 1)
    failed.failures = []
    for e in [pictured, failed] {
      #expect(!e.isPlain)
      #expect(
        ShardDrawingRecord(file: 0, drawing: 0, figures: [], motion: nil, entry: e).entry == nil)
    }
    #expect(Self.entry(seed: 1).isPlain)
  }

  @Test("a record cut short, with bytes left over, or a foreign header is refused, never trapped")
  func codecRefuses() throws {
    let record = ShardDrawingRecord(
      file: 1, drawing: 2, figures: [Self.figures(seed: 3)], motion: nil,
      entry: Self.entry(seed: 5))
    let payload = ShardDrawingCodec.encode(record).dropFirst(4)
    for cut in [0, 1, 9, 17, 30, 60, 100, payload.count / 2, payload.count - 1] {
      #expect(throws: ShardDrawingCodec.DecodeError.self) {
        _ = try ShardDrawingCodec.decode(payload.prefix(cut), strategies: 1)
      }
    }
    #expect(throws: ShardDrawingCodec.DecodeError.self) {
      _ = try ShardDrawingCodec.decode(payload + Data([0]), strategies: 1)
    }
    // A flag that is neither 0 nor 1 (the motion's, after the two keys).
    var flagged = Data(payload)
    flagged[16] = 2
    #expect(throws: ShardDrawingCodec.DecodeError.self) {
      _ = try ShardDrawingCodec.decode(flagged, strategies: 1)
    }
    #expect(throws: ShardDrawingCodec.DecodeError.self) {
      _ = try ShardDrawingCodec.readHeader(Data("SIGBENCH-SHARD-DRAWINGS 9\n            ".utf8))
    }
    var other = ShardDrawingCodec.header(strategies: 1)
    other[ShardDrawingCodec.magic.count + 4] &+= 1
    #expect(throws: ShardDrawingCodec.DecodeError.self) {
      _ = try ShardDrawingCodec.readHeader(other)
    }
  }
}
