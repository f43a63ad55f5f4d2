import Foundation
import SigbenchContract
import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@testable import SigbenchExternal

/// Library strategies (#46, the C ABI of `sigbench_strategy.h`): the example `straight` in C
/// loads, gives the built-in's ink to the bit, meets the contract and allocates nothing per
/// push; a library that cannot be used is an error naming it and what is wrong.
@Suite("library strategies (C ABI)", .serialized)
struct LibraryStrategyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A scratch folder with the C example built into it and its manifest pointing there.
  static func built() throws -> (folder: URL, manifest: ExternalManifest) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-lib-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try run(
      "/bin/bash", [root.appendingPathComponent("scripts/external/c/build.sh").path, folder.path])
    var text = try String(
      contentsOf: root.appendingPathComponent("scripts/external/c-straight.sigbench-strategy.json"),
      encoding: .utf8)
    text = text.replacingOccurrences(of: "\"c/libstraight.so\"", with: "\"libstraight.so\"")
    let path = folder.appendingPathComponent("c-straight.sigbench-strategy.json")
    try Data(text.utf8).write(to: path)
    return (folder, try ExternalManifest.read(at: path.path))
  }

  /// Builds the broken fixture with `define` into `folder`; its manifest.
  static func broken(_ define: String, in folder: URL) throws -> ExternalManifest {
    let lib = folder.appendingPathComponent("lib\(define).so").path
    // The C compiler build.sh would use: cc, else the toolchain's clang.
    try run(
      "/bin/sh",
      [
        "-c", #"cc="$(command -v cc || command -v clang)" && "$cc" "$@""#, "sh", "-std=c11",
        "-shared", "-fPIC", "-D\(define)", "-I",
        root.appendingPathComponent("Sources/CSigbenchStrategyABI/include").path, "-o", lib,
        root.appendingPathComponent("Tests/SigbenchExternalTests/Fixtures/library/broken.c").path,
      ])
    let manifest = folder.appendingPathComponent("\(define).sigbench-strategy.json")
    try Data(
      """
      {"id": "broken", "summary": "s", "details": "d", "kind": "library", "library": "\(lib)",
       "abi": 1}
      """.utf8
    ).write(to: manifest)
    return try ExternalManifest.read(at: manifest.path)
  }

  static func run(_ program: String, _ args: [String]) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = args
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    #expect(p.terminationStatus == 0, "\(program) \(args) failed")
  }

  func configured(_ library: LibraryStrategy, _ spec: String) throws -> ConfiguredStrategy {
    let c = try StrategyConfiguration(
      descriptor: library.manifest.descriptor,
      options: try StrategySpec.parse(spec).options.map { ($0.name, $0.value) })
    return library.configured(c, origin: .builtIn)
  }

  @Test func theCExampleGivesStraightsInkToTheBit() throws {
    let (folder, manifest) = try Self.built()
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = try LibraryStrategy(manifest)
    let seed: UInt64 = 0x5EED_46
    var rng = SplitMix64(seed: seed)
    for size in ["2", "3.25"] {
      let mine = try configured(library, "c-straight(size=\(size))")
      let builtIn = try StrategyCatalog.configure(try StrategySpec.parse("straight(size=\(size))"))
      for k in 0..<60 {
        var samples = StrokeGenerator.random(count: rng.int(in: 0...40), rng: &rng)
        samples = samples.map { Sample(x: $0.x / 3, y: $0.y * 1.1, time: $0.time) }
        let ink = try mine.watchingCalls { mine.smooth(samples) }
        #expect(ink == builtIn.smooth(samples), "seed \(seed) size \(size) stroke \(k)")
      }
    }
  }

  @Test func theCExampleMeetsTheContractAndAllocatesNothingPerPush() throws {
    let (folder, manifest) = try Self.built()
    defer { try? FileManager.default.removeItem(at: folder) }
    let strategy = try configured(try LibraryStrategy(manifest), "c-straight")
    let outcomes = StrategyCheck().run(strategy)
    #expect(
      outcomes.allSatisfy { $0.status == .passed }, "\(outcomes.filter { $0.status != .passed })")
    #expect(SteadyStateContract.canCountAllocations)
    #expect(SteadyStateContract.check(strategy, SteadyStateContract.longStroke(seed: 46)) == [])
  }

  @Test func aLibraryThatCannotBeUsedIsNamedWithWhatIsWrong() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-broken-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (define, says) in [
      ("WRONG_ABI", "was built for ABI version 99; this build loads version 1"),
      ("NO_ENTRY", "does not export sigbench_strategy_entry"),
      ("NO_TABLE", "sigbench_strategy_entry returned no table"),
      ("NO_PUSH", "its table has no push function"),
    ] {
      let manifest = try Self.broken(define, in: folder)
      #expect {
        _ = try LibraryStrategy(manifest)
      } throws: { error in
        "\(error)".contains("external strategy 'broken': library ") && "\(error)".contains(says)
      }
    }
    // A library file that is not there.
    var missing = try Self.broken("NO_TABLE", in: folder)
    missing.library = folder.appendingPathComponent("nothing.so").path
    #expect(throws: LibraryStrategy.LoadError.self) { try LibraryStrategy(missing) }
    // A create that refuses fails the stroke, with its reason, through the watch.
    let refusing = try LibraryStrategy(try Self.broken("FAIL_CREATE", in: folder))
    let strategy = try configured(refusing, "broken")
    #expect {
      try strategy.watchingCalls { _ = strategy.smooth([Sample(x: 1, y: 2)]) }
    } throws: { error in "\(error)".contains("create failed: deliberately refused") }
  }

  @Test func aLibraryManifestNamesItsLibraryAndABIVersion() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-libmanifest-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func read(_ fields: String) -> String {
      let url = folder.appendingPathComponent("m.sigbench-strategy.json")
      try? Data(
        #"{"id": "m", "summary": "s", "details": "d", "#.utf8 + Data(fields.utf8) + Data("}".utf8)
      )
      .write(to: url)
      do {
        let m = try ExternalManifest.read(at: url.path)
        return "read \(m.kind.rawValue) \(m.library ?? "-") \(m.protocolVersion)"
      } catch {
        return "\(error)"
      }
    }
    #expect(read(#""kind": "library", "library": "x.so", "abi": 1"#) == "read library x.so 1")
    #expect(read(#""kind": "library", "library": "x.so", "abi": 2"#).contains("field 'abi'"))
    #expect(read(#""kind": "library", "abi": 1"#).contains("field 'library'"))
    #expect(
      read(#""kind": "library", "library": "x.so", "abi": 1, "command": ["a"]"#).contains(
        "field 'command' must be absent for kind library"))
    #expect(
      read(#""kind": "process", "command": ["a"], "protocol": 1, "library": "x.so""#).contains(
        "field 'library' must be absent for kind process"))
  }
}
