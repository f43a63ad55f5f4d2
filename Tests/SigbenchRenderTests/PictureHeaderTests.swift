import Foundation
import SigbenchCore
import SigbenchRender
import Testing

/// `PictureHeader` reads the size each format declares, and `GDImage(decoding:)` refuses a
/// header past `InputEnvelope.picturePixels` before decoding (#43).
@Suite struct PictureHeaderTests {
  @Test("PNG, GIF and JPEG written by libgd: the header gives their size")
  func sizes() throws {
    let image = try GDImage(width: 37, height: 21)
    for data in [image.pngData(), try image.gifData(), try image.jpegData()] {
      let size = try #require(PictureHeader.pixelSize(data))
      #expect(size.width == 37 && size.height == 21)
    }
    #expect(PictureHeader.pixelSize(Data("not a picture".utf8)) == nil)
    #expect(PictureHeader.pixelSize(Data([0xFF, 0xD8, 0xFF])) == nil)
    // A cut JPEG segment length is not read past the end.
    #expect(PictureHeader.pixelSize(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00])) == nil)
  }

  @Test("a header past the pixel bound is refused before libgd decodes it")
  func bomb() throws {
    var gif = Data("GIF89a".utf8)
    gif += Data([0x40, 0x1F, 0x41, 0x1F, 0, 0, 0])  // 8000 × 8001: 64,008,000 px, inside
    #expect(throws: RenderError.decodeFailed(bytes: gif.count)) { try GDImage(decoding: gif) }
    var big = Data("GIF89a".utf8)
    big += Data([0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0])  // 65535 × 65535
    do {
      _ = try GDImage(decoding: big)
      Issue.record("decoded")
    } catch {
      #expect(error.description.contains("declares 65535×65535 px"), "\(error)")
      #expect(error.description.contains(InputEnvelope.picturePixels.rule))
    }
  }
}
