import Dispatch
import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchFormats
import SigbenchResults
import SigbenchSynth

/// Files a generator re-creates byte for byte (`Corpus/fixtures/`, `Corpus/synthetic/`):
/// written atomically, or compared with what is on disk.
public struct GeneratedFiles: Sendable {
  /// File name → its bytes, in generation order.
  public var files: [(name: String, data: Data)]

  public init(files: [(name: String, data: Data)]) { self.files = files }

  /// Writes every file into `dir`; returns the paths written.
  public func write(to dir: String) throws -> [String] {
    try files.map { f in
      let url = URL(fileURLWithPath: dir).appendingPathComponent(f.name)
      try AtomicFiles.write(f.data, to: url)
      return url.path
    }
  }

  /// The paths under `dir` that differ from the generator, are missing, or (with
  /// `strayExtension`) are files of that extension the generator does not make.
  public func differences(in dir: String, strayExtension: String? = nil) -> [String] {
    let root = URL(fileURLWithPath: dir)
    var differ = files.compactMap { f -> String? in
      let url = root.appendingPathComponent(f.name)
      return (try? Data(contentsOf: url)) == f.data ? nil : url.path
    }
    if let ext = strayExtension {
      let expected = Set(files.map(\.name))
      let present = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
      for extra in present.sorted() where extra.hasSuffix(ext) && !expected.contains(extra) {
        differ.append(root.appendingPathComponent(extra).path + " (not part of the set)")
      }
    }
    return differ
  }

  /// The edge-case fixtures in the native format.
  public static func fixtures() throws -> GeneratedFiles {
    let format = NativeFormat()
    return GeneratedFiles(
      files: try CorpusFixtures.all().map {
        ("\($0.name).sigbench.json", try format.encode($0.drawing))
      })
  }

  /// The synthetic set in the native format. Motions are independent, so they are generated on
  /// every core; the order never depends on timing.
  public static func synthetic(_ set: SyntheticSet, _ digitizers: [DigitizerSettings]) throws
    -> GeneratedFiles
  {
    final class Slots: @unchecked Sendable {
      let lock = NSLock()
      var values: [[(String, Result<Data, any Error>)]]
      init(_ n: Int) { values = Array(repeating: [], count: n) }
    }
    let plans = set.plans
    let slots = Slots(plans.count)
    DispatchQueue.concurrentPerform(iterations: plans.count) { i in
      let files = set.files(for: plans[i], digitizers).map { f in
        (
          f.name + ".sigbench.json",
          Result<Data, any Error> {
            // What synth writes is read back by the readers: held to the same envelope.
            if let outside = InputEnvelope.violations(in: f.sampled.drawing, limit: 1).first {
              throw PipelineError(.toolError, "outside the input envelope: \(outside)")
            }
            return try NativeFormat().encode(f.sampled.drawing)
          }
        )
      }
      slots.lock.lock()
      slots.values[i] = files
      slots.lock.unlock()
    }
    var out: [(name: String, data: Data)] = []
    for (name, encoded) in slots.values.joined() {
      do { out.append((name, try encoded.get())) } catch {
        throw PipelineError(.toolError, "cannot encode \(name): \(error)")
      }
    }
    return GeneratedFiles(files: out)
  }
}
