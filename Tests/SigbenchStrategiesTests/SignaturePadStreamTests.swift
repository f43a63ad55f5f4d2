import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// signature_pad's full output stream over real and synthetic corpora: the tentative tail of
/// every push is bit for bit what pen-up at that moment would add, and the stream's digest
/// (every number of every stable and tentative element of every push and of the finish) can
/// be written out to prove a speed change left the ink bit-identical.
///
/// Corpora: `Corpus/` and, when present, the shared corpus beside the project
/// (`../shared/corpus`). With `SIGBENCH_STREAM_DIGEST=PATH` one line per (configuration, file)
/// with its FNV-1a 64 digest is written to PATH; compare two such files before and after a
/// change (`cmp`).
@Suite struct SignaturePadStreamTests {
  /// Defaults (throttle and distance filter on) and the replay conditions, both variants.
  static let specs = [
    "signature-pad", "signature-pad(min-distance=0,throttle=0)", "signature-pad-fixed",
    "signature-pad-fixed(min-distance=0,throttle=0)",
  ]

  /// FNV-1a 64 over the bit patterns of every number, in emission order.
  struct Digest {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bits: UInt64) {
      var b = bits
      for _ in 0..<8 {
        value = (value ^ (b & 0xff)) &* 0x100_0000_01b3
        b >>= 8
      }
    }
    mutating func add(_ d: Double) { add(d.bitPattern) }
    mutating func add(_ p: Point) {
      add(p.x)
      add(p.y)
    }

    /// Counts first, so that elements cannot slide between parts unnoticed.
    mutating func add(_ ink: InkGeometry) {
      add(UInt64(ink.centerline.count))
      add(UInt64(ink.filledOutline.count))
      add(UInt64(ink.filledDiscCount))
      add(ink.outlineStrokeWidth)
      for s in ink.centerline {
        for p in [s.start, s.control1, s.control2, s.end] { add(p) }
        add(s.startWidth)
        add(s.endWidth)
      }
      for e in ink.filledOutline {
        switch e {
        case .move(let p), .line(let p): add(p)
        case .quad(let c, let p):
          add(c)
          add(p)
        case .cubic(let c1, let c2, let p):
          add(c1)
          add(c2)
          add(p)
        case .close: add(UInt64.max)
        }
      }
      for d in ink.filledDiscs {
        add(d.center)
        add(d.radius)
      }
      // Each band's own numbers too (its polygon is above); nothing for geometry without bands.
      for b in ink.bands {
        let s = b.segment
        for p in [s.start, s.control1, s.control2, s.end, b.origin] { add(p) }
        add(s.startWidth)
        add(s.endWidth)
        add(UInt64(b.isStraight ? 1 : 0))
      }
    }

    static func of(_ ink: InkGeometry) -> UInt64 {
      var d = Digest()
      d.add(ink)
      return d.value
    }
  }

  static func drawings() throws -> [(String, Drawing)] {
    var roots = [packageRootURL().appendingPathComponent("Corpus")]
    if let shared = sharedCorpusURL() { roots.append(shared) }
    var all: [(String, Drawing)] = []
    for root in roots {
      let r = try CorpusLoader().load(root)
      all += r.drawings.map { (root.lastPathComponent + "/" + $0.name, $0) }
    }
    return all
  }

  @Test("every push's tentative tail is bit for bit what pen-up then would add", arguments: specs)
  func tentativeIsPenUpNow(spec: String) throws {
    try Self.checkStream(spec: spec)
  }

  /// Replays every drawing through `spec`, expects each push's tentative tail to equal what
  /// pen-up at that moment would add (when `checkingPenUp` says so for the configured
  /// strategy), and writes the digest lines when `SIGBENCH_STREAM_DIGEST` is set.
  static func checkStream(
    spec: String, checkingPenUp: (ConfiguredStrategy) -> Bool = { _ in true }
  ) throws {
    let configured = try StrategyCatalog.configure(StrategySpec.parse(spec))
    let checkPenUp = checkingPenUp(configured)
    let drawings = try Self.drawings()
    #expect(drawings.count > 100)
    var lines: [String] = []
    var mismatches = 0
    var pushes = 0
    for (name, drawing) in drawings {
      var stream = Digest()
      for stroke in drawing.strokes {
        var instance = configured.makeInstance()
        var output = StrokeOutput()
        for sample in stroke.samples {
          instance.push(sample, into: &output)
          pushes += 1
          if checkPenUp {
            var probe = instance
            var penUp = StrokeOutput()
            probe.finish(into: &penUp)
            if Digest.of(penUp.stable) != Digest.of(output.tentative) { mismatches += 1 }
          }
          stream.add(output.stable)
          stream.add(output.tentative)
        }
        instance.finish(into: &output)
        stream.add(output.stable)
        stream.add(output.tentative)
      }
      lines.append("\(configured.label) \(name) \(String(stream.value, radix: 16))")
    }
    #expect(mismatches == 0, "\(mismatches) of \(pushes) pushes")
    #expect(pushes > 10_000)
    if let path = getenvString("SIGBENCH_STREAM_DIGEST") {
      let file = URL(fileURLWithPath: path + "." + configured.label)
      try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    }
  }
}
