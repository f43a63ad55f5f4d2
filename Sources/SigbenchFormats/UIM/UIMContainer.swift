import Foundation

/// The container layer of a Wacom Universal Ink Model file: where the
/// `InputData` protobuf message is, in which schema, and how it is compressed.
///
/// Both versions start `RIFF <u32 LE size> UINK`, then a `HEAD` chunk whose first three bytes
/// are the file version (major, minor, patch):
/// - 3.0.x: `HEAD` holds only the version (3 bytes, padded to 4, as Wacom's library reads it;
///   longer is accepted), and exactly one `DATA` chunk holds the whole document, a 3.0
///   `InkObject` message whose field 1 is the `InputData`;
/// - 3.1.x: `HEAD` is the version, a reserved byte, then one 8-byte descriptor per content
///   chunk in file order (chunk version major/minor/patch, content type, compression, three
///   reserved bytes). The `INPT` chunk is the `InputData`; its content type must be 1
///   (protobuf) and its compression is 0 none, 1 ZIP or 2 LZMA (`UIMChunkCompression`).
/// Other versions are rejected with `unsupportedVersion`. O(chunks).
struct UIMContainer {
  /// Which protobuf schema the payload follows (`UIMInputData` handles the differences).
  enum Schema {
    /// Package `WacomInkFormat3`: string identifiers, wrapped `Uint32` sampling rate.
    case v3_0
    /// Package `UIM_3_1_0`: 16-byte identifiers, plain `uint32` sampling rate.
    case v3_1
  }

  enum Input {
    /// The file holds no input data (a 3.1 file without `INPT`).
    case absent
    /// A 3.0 `DATA` chunk: an `InkObject` message.
    case inkObject(RIFFChunks.Chunk)
    /// A 3.1 `INPT` chunk: an `InputData` message, maybe compressed.
    case inputData(RIFFChunks.Chunk, UIMChunkCompression)
  }

  /// "3.0.0", "3.1.0".
  var version: String
  var schema: Schema
  var input: Input

  static func read(_ r: inout BinaryByteReader) throws(FormatError) -> UIMContainer {
    let riff = try RIFFChunks.read(&r)
    guard riff.form == "UINK" else {
      throw r.error("RIFF form type", "must be \"UINK\"", riff.form, at: 8)
    }
    guard let head = riff.chunks.first, head.id == "HEAD", head.size >= 3 else {
      throw r.error(
        "HEAD", "must be the first chunk, at least 3 bytes",
        riff.chunks.first.map { "\($0.id), \($0.size) bytes" } ?? "none", at: 12)
    }
    let b = r.bytes
    let version = "\(b[head.offset]).\(b[head.offset + 1]).\(b[head.offset + 2])"
    let content = Array(riff.chunks.dropFirst())
    switch (b[head.offset], b[head.offset + 1]) {
    case (3, 0):
      let data = content.filter { $0.id == "DATA" }
      guard data.count == 1 else {
        throw r.error(
          "DATA", "must occur exactly once in a UIM 3.0 file", "\(data.count) DATA chunk(s)",
          at: data.dropFirst().first?.offset ?? head.offset)
      }
      return UIMContainer(version: version, schema: .v3_0, input: .inkObject(data[0]))
    case (3, 1):
      guard head.size >= 4 else {
        throw r.error("HEAD", "must be at least 4 bytes in UIM 3.1", String(head.size), at: 16)
      }
      let descriptorCount = (head.size - 4) / 8
      for (k, chunk) in content.enumerated() where chunk.id == "INPT" {
        guard k < descriptorCount else {
          throw r.error(
            "HEAD", "must describe every content chunk (INPT is chunk \(k + 1))",
            "\(descriptorCount) descriptor(s)", at: head.offset)
        }
        let d = head.offset + 4 + 8 * k
        guard b[d + 3] == 1 else {
          throw FormatError(
            .unsupportedVersion, file: r.file, location: .byte(d + 3),
            field: "INPT content type", rule: "must be 1 (protobuf)", value: String(b[d + 3]))
        }
        guard let compression = UIMChunkCompression(rawValue: b[d + 4]) else {
          throw FormatError(
            .unsupportedVersion, file: r.file, location: .byte(d + 4),
            field: "INPT compression", rule: "must be 0 (NONE), 1 (ZIP) or 2 (LZMA)",
            value: String(b[d + 4]))
        }
        return UIMContainer(
          version: version, schema: .v3_1, input: .inputData(chunk, compression))
      }
      return UIMContainer(version: version, schema: .v3_1, input: .absent)
    default:
      throw FormatError(
        .unsupportedVersion, file: r.file, location: .byte(head.offset), field: "HEAD version",
        rule: "must be 3.0.x or 3.1.x", value: version)
    }
  }
}
