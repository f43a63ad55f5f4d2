import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// The whole shared corpus through `CorpusLoader` and the catalog: every ink file is routed to
/// the right reader by extension and content, nothing is rejected, and only the derived CSVs
/// are skipped.
struct LineFormatsCorpusTests {
  @Test(.enabled(if: sharedCorpusURL() != nil)) func theLoaderReadsEveryInkFile() throws {
    let result = try CorpusLoader().load(try #require(sharedCorpusURL()))
    #expect(result.rejected.isEmpty, "\(result.rejected)")
    var byFormat: [String: Int] = [:]
    for id in result.formatIDs { byFormat[id, default: 0] += 1 }
    let folders = ["svc2004": "svc2004", "bdalab-svc": "bdalab-svc", "wacom-uim": "uim"]
    for (folder, id) in folders where corpusFolder(folder) != nil {
      let files = corpusFiles(
        folder, suffix: folder == "svc2004" ? ".txt" : folder == "bdalab-svc" ? ".svc" : ".uim")
      #expect((byFormat[id] ?? 0) >= files.count, "\(id)")
    }
    if corpusFolder("quickdraw") != nil {
      #expect(byFormat["quickdraw"] == 150)  // 3 files × 50 drawings
    }
    #expect(result.skipped.allSatisfy { $0.file.hasSuffix(".csv") }, "\(result.skipped)")
    for d in result.drawings { #expect(invariantViolations(d).isEmpty, "\(d.name)") }
  }
}
