import SigbenchResults

/// The sheet's block of failed cells (`StageFailure`), right under the verdict: how many, per
/// strategy how many of the drawings are missing from its figures (so a verdict resting on
/// fewer drawings is read as such), and every cell with its reason, the first
/// `IndexPage.listedFileNotes` listed. Nothing when no cell failed.
enum FailedCellsSection {
  static func render(_ r: RunResult) -> String {
    let cells = r.failedCells
    guard !cells.isEmpty else { return "" }
    var h = "<section id=\"failed-cells\">\n<div class=\"warn\"><strong>\(cells.count) failed "
    h += cells.count == 1 ? "cell" : "cells"
    h += "</strong> (exit 3): a stage failed on a drawing inside the input envelope. Each is left "
    h += "out of its strategy's figures, so those figures and the verdict above cover fewer "
    h += "drawings: "
    let drawings = r.samples.count
    let counts: [FailedCellCount] = r.failedCellCounts
    h += counts.map { "<code>\(escapeHTML($0.who))</code> misses \($0.count) of \(drawings)" }
      .joined(separator: ", ")
    h += ".</div>\n<details><summary>Every failed cell</summary>\n<ul>\n"
    for c in cells.prefix(IndexPage.listedFileNotes) {
      h += "<li><code>\(escapeHTML(c.drawing))</code> × "
      h += "<code>\(escapeHTML(c.failure.who))</code>, "
      h += "\(escapeHTML(c.failure.stage.rawValue)): \(escapeHTML(c.failure.reason))</li>\n"
    }
    h += IndexPage.notListed(cells.count, field: "samples[].failures")
    return h + "</ul>\n</details>\n</section>\n"
  }

  /// A failed cell's place in a gallery or a page: "failed at STAGE" with the reason as a
  /// tooltip; `nil` when the cell of `strategy` (nil: the raw samples) did not fail.
  static func placeholder(_ s: SampleEntry, strategy: String?) -> String? {
    guard let f = s.failures?.first(where: { $0.strategy == strategy }) else { return nil }
    return "<span class=\"failed\" title=\"\(escapeHTML(f.reason))\">failed at "
      + "\(escapeHTML(f.stage.rawValue)): \(escapeHTML(f.reason))</span>"
  }
}
