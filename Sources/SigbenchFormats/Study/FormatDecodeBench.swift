import Foundation
import SigbenchCore
import SigbenchResults

/// Decode speed per format: bytes, samples, median decode time, MB/s and ns per sample for
/// every reader, against the reader's minimum decode speed (`target(forRow:)`: ≥ 20 MB/s for
/// line formats, ≥ 7 for XML, ≥ 200 for the native binary format).
///
/// Method: the inputs (`FormatDecodeBenchInputs`) are file images already in memory, so disk
/// is excluded. Each format's files are decoded once untimed (to count samples and catch
/// errors), then the closure harness handed in (`ClosureTimer`: calibrated monotonic clock,
/// verified warm-up, timed runs) times passes that decode all of them in turn with the
/// catalog's reader; the figure is the median pass. MB/s is
/// 10⁶ bytes per second of that median; ns/sample divides it by the decoded ink + hover
/// samples. Release builds only are representative; on a loaded machine the median still
/// moves, so compare instruction counts (callgrind) for small changes.
/// Cost: O((warm-up + timed passes + 1) · bytes) per format.
public enum FormatDecodeBench {
  public typealias Row = DecodeBenchRow
  public typealias Result = DecodeBenchResult

  /// The minimum decode speeds sigbench holds its readers to, MB/s: line formats (SVC2004
  /// `.TXT`, BDALab `.svc`, Quick Draw ndjson) ≥ 20; XML formats (InkML, IAM-OnDB) ≥ 7, about
  /// what a libxml2 SAX parse allows; the binary `.sbi` ≥ 200. JSON documents and UIM have
  /// none.
  public static func target(forRow id: String) -> Double? {
    switch id {
    case "svc2004", "bdalab-svc", "quickdraw-raw", "quickdraw-simplified": return 20
    case "inkml", "iam-ondb": return 7
    case "sbi": return 200
    default: return nil
    }
  }

  /// Times every group of `inputs` with `timer`.
  public static func run(_ inputs: FormatDecodeBenchInputs, timer: ClosureTimer) -> Result {
    var rows: [Row] = []
    for group in inputs.groups {
      rows.append(measure(group, timer))
    }
    return Result(
      repetitions: rows.compactMap(\.timing?.timedPasses).first ?? 0, rows: rows,
      withoutInput: inputs.withoutInput)
  }

  private static func measure(_ group: FormatDecodeBenchInputs.Group, _ timer: ClosureTimer) -> Row
  {
    let format = group.format
    let options = DecodeOptions()
    var row = Row(
      id: group.id, formatID: format.descriptor.id, formatName: format.descriptor.name,
      input: group.origin, files: 0, bytes: 0, samples: 0, drawings: 0, medianSeconds: 0,
      megabytesPerSecond: 0, nsPerSample: 0, targetMegabytesPerSecond: target(forRow: group.id),
      met: nil, failures: [])
    var readable: [FormatDecodeBenchInputs.File] = []
    for f in group.files {
      do {
        let r = try format.decode(f.data, file: f.name, options: options)
        readable.append(f)
        row.drawings += r.drawings.count
        row.samples += r.drawings.reduce(0) { $0 + FormatStudy.stored($1) }
      } catch {
        if row.failures.count < 5 { row.failures.append("\(f.name): \(error)") }
      }
    }
    row.files = readable.count
    row.bytes = readable.reduce(0) { $0 + $1.data.count }
    let timing = timer("decode \(group.id)") {
      var drawings = 0
      for f in readable {
        drawings &+=
          (try? format.decode(f.data, file: f.name, options: options))?.drawings.count ?? 0
      }
      return drawings
    }
    row.timing = timing
    let median = timing.medianSeconds
    // A pass too quick for the clock still gives finite figures: one clock tick at least.
    row.medianSeconds = max(median, 1e-9)
    row.megabytesPerSecond = Double(row.bytes) / row.medianSeconds / 1e6
    row.nsPerSample = row.medianSeconds * 1e9 / Double(max(1, row.samples))
    if let t = row.targetMegabytesPerSecond { row.met = row.megabytesPerSecond >= t }
    return row
  }
}
