import Foundation
import SigbenchResults
import Testing

/// Issue 48 (merge ≤ 5 % of a shard): `merge` passes the shards' sample entries through as
/// text. `RawArrayMember` must find exactly the entries a decoder sees, and the text spliced
/// back (`RunResult.write(to:entries:)`) must be the bytes `write(to:)` writes.
@Suite("result.json's sample entries found as text")
struct RawArrayMemberTests {
  /// `RunResultEncodingTests.result` with names and metadata full of what a scanner can trip
  /// on: quotes, backslashes, braces and brackets inside strings, a `"samples"` key inside an
  /// entry, non-ASCII text.
  static func result(samples count: Int) throws -> RunResult {
    var r = try RunResultEncodingTests.result(samples: count)
    for i in r.samples.indices where i % 3 == 0 {
      r.samples[i].name = "odd {[\"samples\" : [\\\"}]/ü \(i).txt"
      r.samples[i].metadata["samples"] = "] } \\ \" {"
      r.samples[i].metadata["\"samples\""] = "[]"
      r.samples[i].metadata["tail \\"] = "ends in backslashes \\\\"
    }
    return r
  }

  @Test("the entries a decoder sees, each encoded text unchanged, the rest in the shell")
  func findsEveryEntry() throws {
    for count in [0, 1, 2, 7, 300] {
      let r = try Self.result(samples: count)
      let data = try r.encoded()
      let raw = try RawArrayMember(data)
      #expect(raw.entries.count == count)
      for i in 0..<count {
        #expect(try JSONDecoder().decode(SampleEntry.self, from: raw.entry(i)) == r.samples[i])
        #expect(raw.entry(i) == (try RunResult.encodedEntry(r.samples[i])), "entry \(i)")
      }
      var shell = r
      shell.samples = []
      #expect(try RunResult.decode(raw.shell) == shell)
      #expect(try JSONDecoder().decode([SampleEntry].self, from: raw.arrayBytes) == r.samples)
    }
  }

  @Test("write(to:entries:) with the found texts writes write(to:)'s bytes")
  func splicedEqualsEncoded() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-raw-entries-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    for count in [0, 1, 300] {
      let r = try Self.result(samples: count)
      let raw = try RawArrayMember(r.encoded())
      let url = dir.appendingPathComponent("result-\(count).json")
      try r.write(to: url, entries: (0..<count).map { raw.entry($0) })
      #expect(try Data(contentsOf: url) == (try ResultJSON.encode(r)), "\(count) samples")
    }
  }

  @Test("compact JSON: the same entries")
  func compactLayout() throws {
    let r = try Self.result(samples: 5)
    let data = try JSONEncoder().encode(r)
    let raw = try RawArrayMember(data)
    #expect(raw.entries.count == 5)
    for i in 0..<5 {
      #expect(try JSONDecoder().decode(SampleEntry.self, from: raw.entry(i)) == r.samples[i])
    }
  }

  @Test(
    "what is not a result's structure is an error at its byte",
    arguments: [
      ("[1, 2]", 0, "a result is a JSON object"),
      ("{\"a\" : 1}", 9, "no top-level 'samples' array"),
      ("{\"a\" : {\"samples\" : []}}", 24, "no top-level 'samples' array"),
      ("{\"samples\" : 3}", 15, "no top-level 'samples' array"),
      ("{\"samples\" : [{}, 3, [1]]}", 21, "each element of 'samples' is a JSON object"),
      ("{\"samples\" : [{\"a\" : \"b}]}", 21, "a string opened here is never closed"),
      ("{\"samples\" : [{}]]", 17, "a ']' with no '[' open to close"),
      ("{\"samples\" : [{}]", 17, "the document ends inside an object or array"),
      ("{\"samples\" : [{}]} x", 19, "text after the end of the document"),
      ("{\"samples\" : [], \"samples\" : []}", 29, "a second 'samples' member"),
    ])
  func layoutErrors(text: String, offset: Int, rule: String) {
    #expect(throws: RawArrayMember.LayoutError.self) { try RawArrayMember(Data(text.utf8)) }
    do {
      _ = try RawArrayMember(Data(text.utf8))
    } catch {
      #expect(error.offset == offset, "\(text)")
      #expect(error.rule == rule, "\(text)")
    }
  }

  @Test("cut anywhere, a result is an error, never a trap")
  func cutAnywhere() throws {
    let data = try Self.result(samples: 3).encoded()
    let seed = UInt64.random(in: 0...UInt64.max)
    print("RawArrayMemberTests.cutAnywhere seed \(seed)")
    var rng = SplitMix(seed)
    for _ in 0..<200 {
      let cut = Int(rng.next() % UInt64(data.count))
      #expect(throws: RawArrayMember.LayoutError.self, "seed \(seed), cut at \(cut)") {
        try RawArrayMember(data.prefix(cut))
      }
    }
  }

  /// SplitMix64 (Steele, Lea and Flood, 2014), for reproducible cuts.
  struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
