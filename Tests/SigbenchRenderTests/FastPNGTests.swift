import Foundation
import SigbenchCore
import SigbenchRender
import Testing

/// `GDImage.fastPNGData`: libpng's simplified writer with unfiltered rows must give back, once
/// decoded by libgd, exactly the pixels of the image (every 7-bit alpha level included) and
/// exactly what libgd's own PNG writer gives back.
@Suite("fast PNG writer")
struct FastPNGTests {
  /// An image of seeded random pixels; the first 128 pixels of row 0 run through every libgd
  /// alpha level (0 opaque … 127 transparent).
  static func noise(width: Int, height: Int, seed: UInt64) throws -> GDImage {
    var rng = SplitMix64(seed: seed)
    let image = try GDImage(width: width, height: height)
    for y in 0..<height {
      image.withRow(y) { row in
        for x in 0..<width {
          let bits = rng.next()
          let alpha = y == 0 && x < 128 ? UInt32(x) : UInt32(bits >> 40) & 0x7F
          row[x] = Int32(bitPattern: (alpha << 24) | UInt32(bits & 0xFF_FFFF))
        }
      }
    }
    return image
  }

  /// Every raw libgd pixel of `image`, row by row.
  static func raw(_ image: GDImage) -> [Int32] {
    var out: [Int32] = []
    for y in 0..<image.height {
      image.withRow(y) { row in
        for x in 0..<image.width { out.append(row[x]) }
      }
    }
    return out
  }

  @Test("decodes to the same pixels as the image and as libgd's writer", arguments: [1, 2, 3])
  func sameAsLibgd(seed: UInt64) throws {
    print("fast PNG round trip: seed \(seed)")
    let image = try Self.noise(width: 131, height: 37, seed: seed)
    let fast = try GDImage(decoding: try image.fastPNGData())
    let libgd = try GDImage(decoding: image.pngData(level: 3))
    #expect(fast.width == 131 && fast.height == 37)
    #expect(Self.raw(fast) == Self.raw(image))
    #expect(Self.raw(fast) == Self.raw(libgd))
  }

  @Test("writes 8-bit RGBA (IHDR colour type 6)")
  func header() throws {
    let png = try Self.noise(width: 5, height: 3, seed: 7).fastPNGData()
    let bytes = [UInt8](png)
    #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
    #expect(bytes[24] == 8, "bit depth")
    #expect(bytes[25] == 6, "colour type")
  }

  @Test("an incompressible picture larger than the first buffer still round-trips")
  func incompressible() throws {
    // 1,200 × 1,200 random pixels: the stored deflate blocks and the chunk headers outgrow the
    // first buffer (raw size + one byte per row + 4 KiB), so the second attempt is taken.
    print("fast PNG incompressible: seed 11")
    let image = try Self.noise(width: 1200, height: 1200, seed: 11)
    let png = try image.fastPNGData()
    #expect(png.count > 1200 * 1200 * 4 + 1200 + 4096)
    #expect(Self.raw(try GDImage(decoding: png)) == Self.raw(image))
  }
}
