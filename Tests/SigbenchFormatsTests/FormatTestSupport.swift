import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchTestSupport
import Testing

/// A folder of the shared corpus, or `nil` when the corpus is absent (tests then skip).
func corpusFolder(_ name: String) -> URL? {
  guard let root = sharedCorpusURL() else { return nil }
  let url = root.appendingPathComponent(name)
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}

/// Files in a corpus folder whose names end with `suffix` (case-insensitive), sorted.
func corpusFiles(_ folder: String, suffix: String) -> [URL] {
  guard let dir = corpusFolder(folder),
    let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
  else { return [] }
  return names.filter { $0.lowercased().hasSuffix(suffix.lowercased()) }.sorted()
    .map { dir.appendingPathComponent($0) }
}

/// Decodes, turning a thrown error into a test failure with context.
func decodeOrFail(
  _ format: some StrokeFormat, _ data: Data, file: String, options: DecodeOptions = .init(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> DecodeResult? {
  do {
    return try format.decode(data, file: file, options: options)
  } catch {
    Issue.record("\(file): \(error)", sourceLocation: sourceLocation)
    return nil
  }
}

/// The error a decode throws, or `nil` (recorded as a failure) when it succeeds.
func decodeError(
  _ format: some StrokeFormat, _ text: String, file: String = "fixture",
  options: DecodeOptions = .init(), sourceLocation: SourceLocation = #_sourceLocation
) -> FormatError? {
  decodeError(format, Data(text.utf8), file: file, options: options, sourceLocation: sourceLocation)
}

/// The error a decode of `data` throws, or `nil` (recorded as a failure) when it succeeds.
func decodeError(
  _ format: some StrokeFormat, _ data: Data, file: String = "fixture",
  options: DecodeOptions = .init(), sourceLocation: SourceLocation = #_sourceLocation
) -> FormatError? {
  do {
    _ = try format.decode(data, file: file, options: options)
    Issue.record("\(file): decoded but an error was expected", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

/// Problems with a decoded drawing as a reader must deliver it: the input envelope
/// (`InputEnvelope.violations`: finite values inside the position and time bounds, pressure in
/// [0, 1], tilt in [0, π/2], azimuth in [0, 2π), times strictly increasing inside a stroke,
/// counts and ground truth within their bounds).
func invariantViolations(_ d: Drawing) -> [String] { InputEnvelope.violations(in: d) }

/// Seeded mutation check (decoders never trap): every mutation of `original` either throws a
/// `FormatError` naming `file` and a position, or decodes to drawings that satisfy
/// `invariantViolations`. Failures print the seed and the mutation. Returns how many
/// mutations were rejected with an error. `wrap`, when given, turns each mutated `original`
/// into the file that is decoded (to mutate a payload inside a container, e.g. before
/// compression).
@discardableResult
func checkMutations(
  _ format: some StrokeFormat, _ original: Data, file: String, count: Int,
  allowWholeFileErrors: Bool = false, wrap: ((Data) -> Data)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  let seed = propertySeed()
  var rng = SplitMix64(seed: seed ^ file.stableHash)
  var rejected = 0
  for m in ByteMutation.generate(original, count: count, rng: &rng) {
    do {
      let r = try format.decode(wrap?(m.data) ?? m.data, file: file, options: DecodeOptions())
      for d in r.drawings {
        let problems = invariantViolations(d)
        if !problems.isEmpty {
          Issue.record(
            "seed \(seed), \(file), \(m): \(problems.prefix(3))", sourceLocation: sourceLocation)
          return rejected
        }
      }
    } catch {
      rejected += 1
      if error.file != file {
        Issue.record(
          "seed \(seed), \(file), \(m): error names \(error.file)", sourceLocation: sourceLocation)
        return rejected
      }
      if case .file = error.location, !allowWholeFileErrors, error.kind != .limitExceeded {
        Issue.record(
          "seed \(seed), \(file), \(m): error has no position: \(error)",
          sourceLocation: sourceLocation)
        return rejected
      }
      if error.rule.isEmpty || error.field.isEmpty {
        Issue.record(
          "seed \(seed), \(file), \(m): error lacks a field or rule: \(error)",
          sourceLocation: sourceLocation)
        return rejected
      }
    }
  }
  return rejected
}

extension String {
  /// FNV-1a of the UTF-8 bytes: a hash that is the same in every run (unlike `hashValue`).
  var stableHash: UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in utf8 {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    return h
  }
}
