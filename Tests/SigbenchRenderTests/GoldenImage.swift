import Foundation
import SigbenchRender
import SigbenchTestSupport
import Testing

/// Golden-image comparison in the style of pointfreeco/swift-snapshot-testing (perceptual
/// tolerance and precision; reference, actual and difference images written on failure).
///
/// Goldens live in `__Snapshots__/<TestFile>/<name>.png` beside the test file. Both images are
/// compared by decoded pixels (never by file bytes beyond the identical-bytes shortcut):
/// a pixel matches when every channel (r, g, b, a) differs by at most `tolerance` levels, and
/// the test passes when at least `precision` of the pixels match.
///
/// `SIGBENCH_RECORD` = `all` (re-record everything, and fail), `failed` (re-record what fails),
/// `missing` (record absent goldens, and fail: the local default) or `never` (CI and
/// scripts/test.sh: an absent golden fails). On failure the reference, actual and difference
/// PNGs are written to `$SIGBENCH_ARTIFACTS` (default `.build/artifacts`).
enum GoldenImage {
  enum Mode: String {
    case all, failed, missing, never
  }

  static var mode: Mode {
    if let v = getenvString("SIGBENCH_RECORD"), let m = Mode(rawValue: v) { return m }
    return getenvString("CI") != nil ? .never : .missing
  }

  static var artifacts: URL {
    if let p = getenvString("SIGBENCH_ARTIFACTS") { return URL(fileURLWithPath: p) }
    return packageRootURL().appendingPathComponent(".build/artifacts")
  }

  /// The golden's path for test file `file`.
  static func url(_ name: String, file: String) -> URL {
    let f = URL(fileURLWithPath: file)
    return f.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
      .appendingPathComponent(f.deletingPathExtension().lastPathComponent)
      .appendingPathComponent("\(name).png")
  }

  /// Result of comparing two images, for the message and the artifacts.
  struct Comparison {
    var matchingFraction: Double
    var maxDifference: Int
    var difference: GDImage?
  }

  /// Compares pixel by pixel; `nil` when the sizes differ.
  static func compare(_ reference: GDImage, _ actual: GDImage, tolerance: Int) throws
    -> Comparison?
  {
    guard reference.width == actual.width, reference.height == actual.height else { return nil }
    let a = reference.pixels()
    let b = actual.pixels()
    var matching = 0
    var maxDiff = 0
    let diff = try GDImage(width: actual.width, height: actual.height)
    for i in a.indices {
      let d = max(
        abs(Int(a[i].r) - Int(b[i].r)), abs(Int(a[i].g) - Int(b[i].g)),
        abs(Int(a[i].b) - Int(b[i].b)), abs(Int(a[i].a) - Int(b[i].a)))
      maxDiff = max(maxDiff, d)
      if d <= tolerance { matching += 1 }
      let v = UInt8(min(255, d * 4))
      diff.fill(
        x: i % actual.width, y: i / actual.width, width: 1, height: 1,
        color: d == 0 ? RGBA(255, 255, 255) : RGBA(255, 255 - v, 255 - v))
    }
    return Comparison(
      matchingFraction: a.isEmpty ? 1 : Double(matching) / Double(a.count), maxDifference: maxDiff,
      difference: diff)
  }

  /// Checks `image` against golden `name`; `tolerance` in 8-bit levels per channel,
  /// `precision` the share of pixels that must be within it.
  static func check(
    _ image: GDImage, named name: String, tolerance: Int, precision: Double = 1,
    file: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    precondition(image.width <= 256 && image.height <= 256, "goldens stay ≤ 256×256")
    let ref = url(name, file: file)
    let png = image.pngData(level: 9)
    let fm = FileManager.default
    func fail(_ message: String) {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    func record(_ why: String) throws {
      try fm.createDirectory(at: ref.deletingLastPathComponent(), withIntermediateDirectories: true)
      try png.write(to: ref)
      fail("\(why): recorded golden \(ref.path); re-run the test to compare against it.")
    }
    guard let data = fm.contents(atPath: ref.path) else {
      if mode == .never {
        fail(
          "missing golden \(ref.path) (SIGBENCH_RECORD=never); record it locally with "
            + "scripts/record-goldens.sh")
        try writeArtifacts(name, reference: nil, actual: png, difference: nil)
      } else {
        try record("no golden yet")
      }
      return
    }
    if mode == .all {
      try record("SIGBENCH_RECORD=all")
      return
    }
    if data == png { return }
    let reference = try GDImage(decoding: data)
    guard let c = try compare(reference, image, tolerance: tolerance) else {
      try writeArtifacts(name, reference: data, actual: png, difference: nil)
      fail(
        "\(name): size differs: golden \(reference.width)×\(reference.height), actual "
          + "\(image.width)×\(image.height)")
      if mode == .failed { try png.write(to: ref) }
      return
    }
    if c.matchingFraction >= precision { return }
    try writeArtifacts(name, reference: data, actual: png, difference: c.difference?.pngData())
    if mode == .failed { try png.write(to: ref) }
    fail(
      "\(name): \(String(format: "%.4f", c.matchingFraction)) of pixels within \(tolerance) "
        + "levels (need \(precision)); largest difference \(c.maxDifference); artifacts in "
        + "\(artifacts.path)")
  }

  static func writeArtifacts(_ name: String, reference: Data?, actual: Data, difference: Data?)
    throws
  {
    let dir = artifacts
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    if let reference {
      try reference.write(to: dir.appendingPathComponent("\(name).reference.png"))
    }
    try actual.write(to: dir.appendingPathComponent("\(name).actual.png"))
    if let difference {
      try difference.write(to: dir.appendingPathComponent("\(name).difference.png"))
    }
  }
}
