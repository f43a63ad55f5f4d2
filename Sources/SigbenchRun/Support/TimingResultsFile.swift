import Foundation
import SigbenchBench
import SigbenchFiles
import SigbenchResults

/// Results files of the closure harness's commands (`render-bench`, `formats --decode-bench`,
/// `formats --study`), written like `bench` writes `bench.json`: one folder per measurement,
/// `<out>/<kind>/<id>/<kind>.json`, id `yyyyMMdd-HHmmss-<pid>` (UTC), written atomically.
public enum TimingResultsFile {
  /// The context of a measurement made now with `timer`.
  public static func context(timer: TimerCalibration) -> TimingContext {
    TimingContext(
      tool: ToolInfo.name, build: BuildConfiguration.current, createdAt: RunFolder.timestamp(),
      machine: MachineFingerprint.current(), timer: timer, commandLine: CommandLine.arguments)
  }

  /// Writes `value` (sorted, pretty JSON) to `<out>/<kind>/<id>/<kind>.json`; returns the file.
  public static func write<T: Encodable>(_ value: T, kind: String, out: String) throws -> URL {
    let folder = URL(fileURLWithPath: out).appendingPathComponent(kind)
      .appendingPathComponent(RunFolder.makeID(Date()))
    try AtomicFiles.createFolder(folder)
    let file = folder.appendingPathComponent("\(kind).json")
    try AtomicFiles.write(try ResultJSON.encode(value), to: file)
    return file
  }

  /// The harness the format commands time with: the clock measured now, `runs` timed passes
  /// after the default verified warm-up.
  public static func harness(runs: Int) -> ClosureBenchmark {
    ClosureBenchmark(timer: TimerCalibration.measure(), runs: runs)
  }
}
