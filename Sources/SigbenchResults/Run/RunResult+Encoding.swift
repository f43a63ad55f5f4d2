import Foundation
import SigbenchFiles

extension RunResult {
  /// Samples encoded together in `encoded()`: the encoder's tree holds this many entries at a
  /// time (a few hundred KB), not the whole corpus's.
  static let samplesPerChunk = 256

  /// `ResultJSON.encode(self)` byte for byte (pretty printed, keys sorted, slashes unescaped),
  /// built piecewise (`encode(into:)`).
  public func encoded() throws -> Data {
    var out = Data()
    try encode { out.append($0) }
    return out
  }

  /// Writes `encoded()` to `url` atomically (`AtomicFiles.write(to:_:)`) a piece at a time, so
  /// that neither the encoder's tree nor the whole file is held in memory.
  public func write(to url: URL) throws {
    try AtomicFiles.write(to: url) { append in try encode(into: append) }
  }

  /// The bytes of `ResultJSON.encode(self)`, handed to `append` in order, a piece at a time, so
  /// that memory does not grow with the samples.
  ///
  /// Foundation's `JSONEncoder` builds a tree of the whole value before it writes a byte (on a
  /// 10,000-drawing corpus several times the size of the output). Here the result is encoded
  /// without its samples, and the samples `samplesPerChunk` at a time, each chunk as the
  /// `samples` member of an object, so every entry is written at the depth and indentation it
  /// has in the whole result; the chunks' array bodies are joined with `,` and spliced into the
  /// empty `samples` array, which pretty printing writes as `[`, an empty line, `]`.
  ///
  /// - Complexity: O(size of the output); memory O(the result without samples + one batch of
  ///   chunks, two per core).
  public func encode(into append: (Data) throws -> Void) throws {
    guard !self.samples.isEmpty else { return try append(ResultJSON.encode(self)) }
    let (before, after) = try around()
    try append(before)
    // Chunks are encoded a batch at a time on every core (one per core, twice over), then
    // appended in order: the bytes are the same, memory holds one batch.
    let samples = self.samples
    let starts = Array(
      stride(from: samples.startIndex, to: samples.endIndex, by: Self.samplesPerChunk))
    let batch = 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    for first in stride(from: 0, to: starts.count, by: batch) {
      let group = Array(starts[first..<min(first + batch, starts.count)])
      let encoded = try Self.encodeConcurrently(group.count) { k in
        let from = group[k]
        let to = min(from + Self.samplesPerChunk, samples.endIndex)
        return try Self.arrayBody(Array(samples[from..<to]))
      }
      for (k, body) in encoded.enumerated() {
        if first + k > 0 { try append(Data(",".utf8)) }
        try append(body)
      }
    }
    try append(after)
  }

  /// Writes the result to `url` atomically with `entries[i]` as the text of sample `i`
  /// (`{` … `}`, as `encodedEntry` writes it or as it stood in another result file), so that
  /// entries already encoded are not encoded again: `merge` passes the shards' entries through
  /// this way. The bytes equal `write(to:)`'s when every entry is `encodedEntry(samples[i])`.
  public func write(to url: URL, entries: [Data]) throws {
    precondition(entries.count == self.samples.count, "one text per sample")
    try AtomicFiles.write(to: url) { append in
      guard !entries.isEmpty else { return try append(ResultJSON.encode(self)) }
      let (before, after) = try around()
      try append(before)
      // Entries are gathered into pieces of about 1 MiB: one write each, not one per entry.
      let separator = Data(",\n    ".utf8)
      var piece = Data("\n    ".utf8)
      for (i, e) in entries.enumerated() {
        if i > 0 { piece.append(separator) }
        piece.append(e)
        if piece.count >= 1 << 20 {
          try append(piece)
          piece.removeAll(keepingCapacity: true)
        }
      }
      try append(piece)
      try append(after)
    }
  }

  /// The text of one sample entry, `{` … `}`, indented as it stands in a result's `samples`.
  public static func encodedEntry(_ entry: SampleEntry) throws -> Data {
    let body = try arrayBody([entry])
    let lead = Data("\n    ".utf8)
    guard body.starts(with: lead) else { throw layoutError(entry) }
    return body.dropFirst(lead.count)
  }

  /// The result encoded without its samples, cut where the samples' array body goes: the text
  /// up to `"samples" : [`, and the text from the array's closing line on. The body (the
  /// elements, each led by a line break and indentation, separated by commas) goes between.
  private func around() throws -> (before: Data, after: Data) {
    var shell = self
    shell.samples = []
    let head = try ResultJSON.encode(shell)
    let empty = Data("\n  \"samples\" : [\n\n  ]".utf8)
    guard let slot = head.range(of: empty) else { throw Self.layoutError(self.samples) }
    var before = Data(head[..<slot.lowerBound])
    before.append(Data("\n  \"samples\" : [".utf8))
    var after = Data("\n  ]".utf8)
    after.append(head[slot.upperBound...])
    return (before, after)
  }

  /// `samples` encoded as the `samples` member of an object, so that every entry is written at
  /// the depth and indentation it has in the whole result, and cut down to the array's body.
  private static func arrayBody(_ samples: [SampleEntry]) throws -> Data {
    let open = Data("{\n  \"samples\" : [".utf8)
    let close = Data("\n  ]\n}".utf8)
    let chunk = try ResultJSON.encode(SampleChunk(samples: samples))
    guard chunk.starts(with: open), chunk.count >= open.count + close.count,
      chunk.suffix(close.count) == close
    else { throw layoutError(samples) }
    return chunk[(chunk.startIndex + open.count)..<(chunk.endIndex - close.count)]
  }

  private static func layoutError(_ value: Any) -> EncodingError {
    EncodingError.invalidValue(
      value,
      .init(
        codingPath: [RunContents.CodingKeys.samples],
        debugDescription: "the encoder's samples array is not laid out as expected"))
  }
}

extension RunResult {
  /// `body(k)` for k in 0..<count on every core; the results in order, or the first error.
  static func encodeConcurrently(_ count: Int, _ body: @Sendable (Int) throws -> Data) throws
    -> [Data]
  {
    let slots = EncodedSlots(count)
    DispatchQueue.concurrentPerform(iterations: count) { k in
      let r = Result { try body(k) }
      slots.lock.lock()
      slots.out[k] = r
      slots.lock.unlock()
    }
    return try slots.out.map { try $0!.get() }
  }
}

/// The chunks a batch encodes, each filled by its own thread.
private final class EncodedSlots: @unchecked Sendable {
  let lock = NSLock()
  var out: [Result<Data, any Error>?]
  init(_ n: Int) { out = Array(repeating: nil, count: n) }
}

/// One chunk of a result's samples, encoded as the `samples` member of an object.
private struct SampleChunk: Encodable { var samples: [SampleEntry] }
