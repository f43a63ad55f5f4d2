import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// sigbench native JSON v1: lossless round trip, idempotence, mutations.
struct NativeFormatTests {
  let format = NativeFormat()

  @Test func roundTripIsExactAndIdempotent() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed ^ 0x4E)
    for k in 0..<60 {
      let d = randomDrawing(&rng, name: "random-\(k).sigbench.json")
      let data = try format.encode(d)
      let r = try format.decode(data, file: d.name, options: .init())
      #expect(r.warnings.isEmpty, "seed \(seed) case \(k)")
      #expect(r.drawings.count == 1 && r.drawings[0] == d, "seed \(seed) case \(k): not exact")
      #expect(try format.encode(r.drawings[0]) == data, "seed \(seed) case \(k): not idempotent")
    }
  }

  @Test func rejectsWrongVersionsAndChannels() throws {
    let d = Drawing(name: "n", strokes: [Stroke(samples: [Sample(x: 1, y: 2, time: 0)])])
    let text = String(decoding: try format.encode(d), as: UTF8.self)
    let v2 = decodeError(
      format, text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"))
    #expect(v2?.kind == .unsupportedVersion && v2?.location == .path("$.version"))
    let channels = decodeError(
      format, text.replacingOccurrences(of: "[\"x\", \"y\", \"t\"]", with: "[\"y\", \"x\", \"t\"]"))
    #expect(channels?.field == "channels")
    let nan = decodeError(format, text.replacingOccurrences(of: "[1, 2, 0]", with: "[1, 2, 1e999]"))
    #expect(nan != nil)
  }

  @Test func mutationsNeverTrap() throws {
    var rng = SplitMix64(seed: propertySeed() ^ 0x4F)
    for k in 0..<6 {
      let d = randomDrawing(&rng, name: "random-\(k)")
      checkMutations(
        format, try format.encode(d), file: "random-\(k).sigbench.json", count: 60)
    }
  }
}
