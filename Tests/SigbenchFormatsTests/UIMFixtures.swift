import Foundation
import SigbenchTestSupport

/// Every hand-made Wacom UIM fixture by name, for the table-driven and mutation tests: the
/// `uim-two-runs` input data as a 3.1 file (uncompressed and in every compression framing the
/// reader accepts) and as 3.0 files.
enum UIMFixtures {
  struct Fixture: Sendable {
    var name: String
    /// The INPT compression byte of a 3.1 fixture (`nil` for 3.0).
    var compression: UInt8?
    var bytes: @Sendable () throws -> [UInt8]
  }

  static func compressed(
    _ name: String, _ method: UInt8, _ f: @escaping @Sendable ([UInt8]) -> [UInt8]?
  )
    -> Fixture
  {
    Fixture(name: name, compression: method) {
      UIMTestFiles.file31(payload: f(UIMTestFiles.inputData()) ?? [], compression: method)
    }
  }

  static let all: [Fixture] = [
    Fixture(name: "uim-two-runs", compression: 0) {
      UIMTestFiles.file31(payload: UIMTestFiles.inputData())
    },
    Fixture(name: "uim30-two-runs", compression: nil) {
      let parts = UIMTestFiles.inputDataParts()
      return try UIMTestFiles.file30(inputData: [parts.context, parts.runs])
    },
    Fixture(name: "uim30-head4-two-runs", compression: nil) {
      try UIMTestFiles.file30(inputData: [UIMTestFiles.inputData()], headExtra: [0])
    },
    compressed("uim-two-runs-zlib", 1) { TestCompression.deflate($0, framing: .zlib) },
    compressed("uim-two-runs-gzip", 1) { TestCompression.deflate($0, framing: .gzip) },
    compressed("uim-two-runs-raw-deflate", 1) { TestCompression.deflate($0, framing: .raw) },
    compressed("uim-two-runs-zip", 1) { TestCompression.zipArchive($0) },
    compressed("uim-two-runs-zip-stored", 1) { TestCompression.zipArchive($0, deflated: false) },
    compressed("uim-two-runs-xz", 2) { TestCompression.xz($0) },
    compressed("uim-two-runs-lzma", 2) { TestCompression.lzmaAlone($0) },
  ]
}
