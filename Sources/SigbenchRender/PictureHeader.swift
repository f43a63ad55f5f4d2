import Foundation

/// The pixel size a PNG, GIF or JPEG file declares in its header, read without decoding, so
/// a small file that declares a huge picture (a decompression bomb) is refused before libgd
/// allocates it (`GDImage(decoding:)`, `InputEnvelope.picturePixels`).
///
/// Where each format keeps it: PNG in its first chunk, IHDR (width and height, 4 bytes each,
/// big-endian, at offsets 16 and 20; ISO/IEC 15948 §11.2.2); GIF in the logical screen
/// descriptor (2 bytes each, little-endian, at offsets 6 and 8; GIF89a §18), and per image in
/// each image descriptor, which libgd decodes at the screen's size; JPEG in its first
/// start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC: height then width, 2 bytes each,
/// big-endian, after the precision byte; ITU-T T.81 §B.2.2).
public enum PictureHeader {
  /// Width and height in pixels, or `nil` when the header is not one of the three or is cut
  /// short (libgd then refuses the file itself).
  ///
  /// - Complexity: O(1) for PNG and GIF; O(number of segments before the frame) for JPEG.
  public static func pixelSize(_ data: Data) -> (width: Int, height: Int)? {
    let b = [UInt8](data.prefix(2))
    guard b.count == 2 else { return nil }
    func byte(_ i: Int) -> Int? {
      i < data.count ? Int(data[data.startIndex + i]) : nil
    }
    func be16(_ i: Int) -> Int? { byte(i).flatMap { h in byte(i + 1).map { h << 8 | $0 } } }
    func le16(_ i: Int) -> Int? { byte(i).flatMap { l in byte(i + 1).map { $0 << 8 | l } } }
    func be32(_ i: Int) -> Int? { be16(i).flatMap { h in be16(i + 2).map { h << 16 | $0 } } }
    if b == [0x89, 0x50] {
      guard let w = be32(16), let h = be32(20) else { return nil }
      return (w, h)
    }
    if b == [0x47, 0x49] {
      guard let w = le16(6), let h = le16(8) else { return nil }
      return (w, h)
    }
    guard b == [0xFF, 0xD8] else { return nil }
    var i = 2
    while let marker = byte(i), marker == 0xFF, let kind = byte(i + 1) {
      if kind == 0xFF {
        i += 1
        continue
      }
      if kind == 0xD8 || kind == 0x01 || (0xD0...0xD7).contains(kind) {
        i += 2
        continue
      }
      let isFrame = (0xC0...0xCF).contains(kind) && ![0xC4, 0xC8, 0xCC].contains(kind)
      if isFrame {
        guard let h = be16(i + 5), let w = be16(i + 7) else { return nil }
        return (w, h)
      }
      guard let length = be16(i + 2), length >= 2 else { return nil }
      i += 2 + length
    }
    return nil
  }
}
