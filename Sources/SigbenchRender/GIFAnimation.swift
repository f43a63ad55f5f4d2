import CGD
import Foundation

/// An animated GIF built frame by frame with libgd's GIF animation calls
/// (`gdImageGifAnimBeginPtr`, `…AddPtr`, `…EndPtr`).
///
/// Each truecolor frame is quantised by libgd to its own 256-colour palette (no dithering, so
/// frames are deterministic) and written with a local colour map; frames replace each other
/// whole (no inter-frame optimisation), so any GIF viewer shows them right.
public final class GIFAnimation {
  public private(set) var data = Data()
  public let width: Int
  public let height: Int
  public private(set) var frameCount = 0
  var finished = false

  /// Starts an animation of `width × height` frames that loops forever (`loops` 0) or
  /// `loops` times.
  public init(width: Int, height: Int, loops: Int = 0) throws(RenderError) {
    self.width = width
    self.height = height
    let first = try GDImage(width: width, height: height)
    guard let palette = gdImageCreatePaletteFromTrueColor(first.ptr, 0, 256) else {
      throw .encodeFailed(format: "GIF")
    }
    defer { gdImageDestroy(palette) }
    var size: Int32 = 0
    guard let raw = gdImageGifAnimBeginPtr(palette, &size, 0, Int32(loops)) else {
      throw .encodeFailed(format: "GIF")
    }
    defer { gdFree(raw) }
    data.append(raw.assumingMemoryBound(to: UInt8.self), count: Int(size))
  }

  /// Appends `frame` (the animation's size), shown for `delay` seconds (rounded to 1/100 s,
  /// at least 0.02 s: browsers slow down shorter delays).
  public func add(_ frame: GDImage, delay: Double) throws(RenderError) {
    guard !finished, frame.width == width, frame.height == height else {
      throw .encodeFailed(format: "GIF (frame size or state)")
    }
    guard let palette = gdImageCreatePaletteFromTrueColor(frame.ptr, 0, 256) else {
      throw .encodeFailed(format: "GIF")
    }
    defer { gdImageDestroy(palette) }
    let centiseconds = Int32(max(2, min(65_535, (delay * 100).rounded())))
    var size: Int32 = 0
    guard
      let raw = gdImageGifAnimAddPtr(
        palette, &size, 1, 0, 0, centiseconds, Int32(gdDisposalNone), nil)
    else { throw .encodeFailed(format: "GIF") }
    defer { gdFree(raw) }
    data.append(raw.assumingMemoryBound(to: UInt8.self), count: Int(size))
    frameCount += 1
  }

  /// Ends the animation and returns the file's bytes.
  public func finish() throws(RenderError) -> Data {
    if !finished {
      var size: Int32 = 0
      guard let raw = gdImageGifAnimEndPtr(&size) else { throw .encodeFailed(format: "GIF") }
      defer { gdFree(raw) }
      data.append(raw.assumingMemoryBound(to: UInt8.self), count: Int(size))
      finished = true
    }
    return data
  }
}
