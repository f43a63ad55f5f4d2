import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchRender
import SigbenchResults

/// Compares this run's thumbnails with a base run's, sample by sample and strategy by strategy:
/// the base picture is copied in, a difference picture is written, and the share of changed
/// pixels is recorded, so a reviewer sees at once that a commit moved the ink.
///
/// A pixel counts as changed when any channel differs by more than `tolerance` levels (out of
/// 255); renders are deterministic, so the tolerance only absorbs codec or library drift.
struct InkDiff {
  static let tolerance = 2

  let baseFolder: URL
  let base: RunResult
  let runFolder: URL

  /// Adds `inkDiff` to every sample whose name the base run also has.
  func apply(to samples: inout [SampleEntry]) throws {
    let baseByName = Dictionary(base.samples.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for i in samples.indices {
      let head = samples[i]
      var diffs: [String: InkDiffInfo] = [:]
      guard let old = baseByName[head.name] else { continue }
      for (label, headPath) in head.images {
        // The sample's picture folder, from this picture's own path (the raw picture's is
        // empty when that cell failed).
        let folder = (headPath as NSString).deletingLastPathComponent
        let key = RunFolder.slug(label)
        let basePath = "\(folder)/\(key)-base.png"
        let diffPath = "\(folder)/\(key)-diff.png"
        let limit = Int(InputEnvelope.imageFileBytes.value)
        let headImage = try GDImage(
          decoding: BoundedRead.data(runFolder.appendingPathComponent(headPath), limit: limit))
        guard let oldPath = old.images[label],
          let baseURL = try? RunRelativePath.resolve(
            oldPath, in: baseFolder, field: "samples[].images.\(label)"),
          let baseData = try? BoundedRead.data(baseURL, limit: limit),
          let baseImage = try? GDImage(decoding: baseData)
        else {
          diffs[label] = InkDiffInfo(
            base: "", diff: "", changedShare: 1, changedPixels: headImage.width * headImage.height,
            missingInBase: true)
          continue
        }
        try AtomicFiles.write(baseData, to: runFolder.appendingPathComponent(basePath))
        let (picture, changed, inked) = try InkDiff.compare(base: baseImage, head: headImage)
        try AtomicFiles.write(picture.fastPNGData(), to: runFolder.appendingPathComponent(diffPath))
        diffs[label] = InkDiffInfo(
          base: basePath, diff: diffPath,
          changedShare: inked > 0 ? Double(changed) / Double(inked) : 0, changedPixels: changed,
          missingInBase: false)
      }
      samples[i].inkDiff = diffs
    }
  }

  /// The difference picture, changed pixels and pixels with ink in either image. Images of
  /// different sizes count every pixel as changed.
  static func compare(base: GDImage, head: GDImage) throws -> (GDImage, Int, Int) {
    let w = head.width
    let h = head.height
    let out = try GDImage(width: w, height: h)
    guard base.width == w, base.height == h else {
      let row = [RGBA](repeating: RGBA(255, 0, 255), count: w)
      for y in 0..<h { row.withUnsafeBufferPointer { out.setRow(y, $0) } }
      return (out, w * h, w * h)
    }
    let a = base.pixels()
    let b = head.pixels()
    var changed = 0
    var inked = 0
    var row = [RGBA](repeating: .white, count: w)
    for y in 0..<h {
      for x in 0..<w {
        let p = a[y * w + x]
        let q = b[y * w + x]
        let inkA = 255 - Int(luma(p))
        let inkB = 255 - Int(luma(q))
        if inkA > tolerance || inkB > tolerance { inked += 1 }
        let differs =
          abs(Int(p.r) - Int(q.r)) > tolerance || abs(Int(p.g) - Int(q.g)) > tolerance
          || abs(Int(p.b) - Int(q.b)) > tolerance || abs(Int(p.a) - Int(q.a)) > tolerance
        if differs { changed += 1 }
        // Grey where both have ink; red for base-only ink; blue for head-only ink.
        let both = min(inkA, inkB)
        let onlyA = max(0, inkA - inkB)
        let onlyB = max(0, inkB - inkA)
        row[x] = RGBA(
          UInt8(clamping: 255 - both / 2 - onlyB), UInt8(clamping: 255 - both / 2 - onlyA - onlyB),
          UInt8(clamping: 255 - both / 2 - onlyA))
      }
      row.withUnsafeBufferPointer { out.setRow(y, $0) }
    }
    return (out, changed, inked)
  }

  /// Luminance of a pixel over white (transparent counts as white).
  static func luma(_ p: RGBA) -> Double {
    let a = Double(p.a) / 255
    let r = Double(p.r) * a + 255 * (1 - a)
    let g = Double(p.g) * a + 255 * (1 - a)
    let b = Double(p.b) * a + 255 * (1 - a)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
}
