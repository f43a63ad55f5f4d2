import SigbenchCore
import Testing

/// The corpus partition of #48 (first part): shard specs, and the split by drawing (stable,
/// disjoint, covering, balanced, within one ndjson file).
@Suite("shard partition")
struct ShardSpecTests {
  @Test("the hash is FNV-1a 64 with SplitMix64's finaliser, as an independent Python port gives")
  func stable() {
    // Values from a separate implementation (Python, the constants of the doc comment).
    #expect(ShardSpec.hash(path: "svc2004/U1S1.TXT", drawing: 0) == 8_268_343_138_207_525_258)
    #expect(
      ShardSpec.hash(path: "quickdraw/cat.ndjson", drawing: 12345) == 5_519_112_526_045_078_277)
    #expect(ShardSpec.hash(path: "", drawing: 0) == 18_426_177_448_367_287_922)
    #expect(ShardSpec.bucket(path: "svc2004/U1S1.TXT", drawing: 0, count: 8) == 2)
  }

  @Test("every drawing is in exactly one shard, for N = 1 to 9", arguments: 1...9)
  func disjointAndCovering(count: Int) throws {
    let shards = try (1...count).map { try ShardSpec(index: $0, count: count) }
    for file in ["a/x.ndjson", "b/y.txt", "z.inkml"] {
      for drawing in 0..<300 {
        let owners = shards.filter { $0.owns(path: file, drawing: drawing) }
        #expect(owners.count == 1, "\(file) #\(drawing): \(owners)")
      }
    }
  }

  @Test(
    "N = 8: each shard's drawings and samples within 10 % of the mean, over many small files and over few large ones"
  )
  func balanced() throws {
    // Sample counts from a fixed linear congruential sequence (seed 48): 20…2,019 a drawing,
    // about the spread of signatures and doodles.
    var state: UInt64 = 48
    func samples() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return 20 + Int((state >> 33) % 2_000)
    }
    let manyFiles = (0..<10_000).map { ("svc/c\($0 / 80)/U\($0 % 80).TXT", 0, samples()) }
    let fewFiles = (0..<4).flatMap { f in
      (0..<2_500).map { ("quickdraw/class\(f).ndjson", $0, samples()) }
    }
    #expect(Set(manyFiles.map(\.0)).count == 10_000)
    for corpus in [manyFiles, fewFiles] {
      var drawings = [Int](repeating: 0, count: 8)
      var sampleSums = [Int](repeating: 0, count: 8)
      for (path, drawing, n) in corpus {
        let b = ShardSpec.bucket(path: path, drawing: drawing, count: 8)
        drawings[b] += 1
        sampleSums[b] += n
      }
      let mean = Double(corpus.count) / 8
      #expect(drawings.allSatisfy { abs(Double($0) - mean) <= 0.1 * mean }, "\(drawings)")
      let sampleMean = Double(sampleSums.reduce(0, +)) / 8
      #expect(
        sampleSums.allSatisfy { abs(Double($0) - sampleMean) <= 0.1 * sampleMean }, "\(sampleSums)")
      // Within one large file, the drawings spread over every shard.
      let one = (0..<2_500).map {
        ShardSpec.bucket(path: "quickdraw/class0.ndjson", drawing: $0, count: 8)
      }
      #expect(Set(one).count == 8)
    }
  }

  @Test(
    "bad specs are refused with the rule and the value",
    arguments: [
      ("0/0", "N must be"), ("3/2", "I must be a whole number in 1…2; got 3"),
      ("-1/4", "got -1"), ("a/b", "N must be a whole number; got 'b'"), ("1", "expected I/N"),
      ("x/4", "I must be a whole number or 'auto'"), ("1/4/2", "expected I/N"),
    ])
  func refused(text: String, message: String) {
    do {
      _ = try ShardSpec.parse(text, environment: [:])
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test("auto/N reads Slurm's task id as is, else Kubernetes' completion index + 1")
  func auto() throws {
    #expect(try ShardSpec.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "3"]).index == 3)
    #expect(try ShardSpec.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "0"]).index == 1)
    #expect(try ShardSpec.parse("2/4", environment: ["SLURM_ARRAY_TASK_ID": "3"]).index == 2)
    for (env, says) in [
      ([:], "neither is set"), (["SLURM_ARRAY_TASK_ID": "0"], "SLURM_ARRAY_TASK_ID=0"),
      (["JOB_COMPLETION_INDEX": "4"], "JOB_COMPLETION_INDEX=4"),
      (["SLURM_ARRAY_TASK_ID": "x"], "SLURM_ARRAY_TASK_ID must be a whole number"),
    ] as [([String: String], String)] {
      do {
        _ = try ShardSpec.parse("auto/4", environment: env)
        Issue.record("accepted auto/4 with \(env)")
      } catch {
        #expect(error.description.contains(says), "\(error.description)")
      }
    }
  }
}
