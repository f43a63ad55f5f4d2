import SigbenchReport
import SigbenchResults
import Testing

/// The run sheet's "which format" section: formatted from the study's figures (result schema 3),
/// or shown as the table an older file stored.
@Suite("format study on the sheet")
struct FormatStudySheetTests {
  static let figures = FormatStudyResult(
    drawings: 2, samples: 40, repetitions: 1,
    rows: [
      FormatStudyRow(
        formatID: "native", formatName: "sigbench native", drawings: 2, samples: 40, bytes: 1250,
        gzipBytes: 380, bytesPerSample: 31.25, gzipBytesPerSample: 9.5, encodeNsPerSample: 120.4,
        decodeNsPerSample: 250.6, maxPositionError: 0, maxTimeError: 0.0004,
        maxPressureError: nil, lostChannels: [], shapeMismatches: 0, failures: [])
    ])

  @Test("figures are formatted at render time, with the bound when the study took a part")
  func fromFigures() throws {
    var r = IndexPageTests.fixture()
    r.formatStudyFigures = FormatStudyRun(figures: Self.figures)
    let whole = try #require(FormatTables.sheetTable(of: r))
    #expect(whole == FormatTables.sheetTable(Self.figures, build: "release"))
    #expect(whole.rows == [["native", "31.25", "9.50", "120", "251", "0", "0.0004", "–", "0"]])
    r.formatStudyFigures = FormatStudyRun(
      figures: Self.figures, corpusDrawings: 9, sampleBudget: 40)
    let part = try #require(FormatTables.sheetTable(of: r))
    #expect(
      part.note.hasSuffix(
        "Bounded: the first 2 of 9 drawings in corpus order, while their samples total at most 40.")
    )
    #expect(IndexPage.render(r).contains("Bounded: the first 2 of 9 drawings"))
  }

  @Test("an older result's stored table is shown as it was written")
  func fromStoredTable() throws {
    var r = IndexPageTests.fixture()
    #expect(FormatTables.sheetTable(of: r) == nil)
    let stored = ReportTable(
      title: "Which format to store strokes in", note: "as stored", columns: ["format"],
      rows: [["native"]])
    r.formatStudy = stored
    #expect(FormatTables.sheetTable(of: r) == stored)
  }
}
