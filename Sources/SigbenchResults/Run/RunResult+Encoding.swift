import Foundation

extension RunResult {
  /// Samples encoded together in `encoded()`: the encoder's tree holds this many entries at a
  /// time (a few hundred KB), not the whole corpus's.
  static let samplesPerChunk = 256

  /// `ResultJSON.encode(self)` byte for byte (pretty printed, keys sorted, slashes unescaped),
  /// built piecewise so that memory does not grow with the samples beyond the output itself.
  ///
  /// Foundation's `JSONEncoder` builds a tree of the whole value before it writes a byte (on a
  /// 10,000-drawing corpus several times the size of the output). Here the result is encoded
  /// without its samples, and the samples `samplesPerChunk` at a time, each chunk as the
  /// `samples` member of an object, so every entry is written at the depth and indentation it
  /// has in the whole result; the chunks' array bodies are joined with `,` and spliced into the
  /// empty `samples` array, which pretty printing writes as `[`, an empty line, `]`.
  ///
  /// - Complexity: O(size of the output); memory O(output + one chunk's tree).
  public func encoded() throws -> Data {
    guard !samples.isEmpty else { return try ResultJSON.encode(self) }
    var shell = self
    shell.samples = []
    let head = try ResultJSON.encode(shell)
    let empty = Data("\n  \"samples\" : [\n\n  ]".utf8)
    guard let slot = head.range(of: empty) else {
      throw EncodingError.invalidValue(
        samples,
        .init(codingPath: [CodingKeys.samples], debugDescription: "no empty samples array"))
    }
    var out = Data()
    out.append(head[..<slot.lowerBound])
    out.append(contentsOf: "\n  \"samples\" : [".utf8)
    struct Chunk: Encodable { var samples: [SampleEntry] }
    let open = Data("{\n  \"samples\" : [".utf8)
    let close = Data("\n  ]\n}".utf8)
    var from = samples.startIndex
    while from < samples.endIndex {
      let to = min(from + Self.samplesPerChunk, samples.endIndex)
      let chunk = try ResultJSON.encode(Chunk(samples: Array(samples[from..<to])))
      guard chunk.starts(with: open), chunk.count >= open.count + close.count,
        chunk.suffix(close.count) == close
      else {
        throw EncodingError.invalidValue(
          samples,
          .init(codingPath: [CodingKeys.samples], debugDescription: "unexpected chunk layout"))
      }
      if from > samples.startIndex { out.append(UInt8(ascii: ",")) }
      out.append(chunk[(chunk.startIndex + open.count)..<(chunk.endIndex - close.count)])
      from = to
    }
    out.append(contentsOf: "\n  ]".utf8)
    out.append(head[slot.upperBound...])
    return out
  }
}
