import Foundation
import SigbenchFiles
import SigbenchReport
import SigbenchResults

/// Writes a run's HTML (index, further gallery pages and sample pages) from its result alone,
/// atomically: what `run` does last and what `sigbench report RUN_DIR` repeats.
public enum ReportWriter {
  public static func write(_ result: RunResult, to runFolder: URL) throws {
    for s in result.samples {
      guard let page = s.page, let html = SamplePage.render(result, sample: s) else { continue }
      let url = try RunRelativePath.resolvePage(
        page.path, in: runFolder, field: "samples[].page.path")
      try AtomicFiles.write(Data(html.utf8), to: url)
    }
    if result.quality != nil {
      try AtomicFiles.write(
        Data(MetricsPage.render().utf8), to: runFolder.appendingPathComponent("metrics.html"))
    }
    for page in IndexPage.galleryPages(result) {
      try AtomicFiles.write(Data(page.html.utf8), to: runFolder.appendingPathComponent(page.path))
    }
    try AtomicFiles.write(
      Data(IndexPage.render(result).utf8), to: runFolder.appendingPathComponent("index.html"))
  }
}
