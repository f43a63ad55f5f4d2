import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchResults

/// Reads what a gate compares with — a stored baseline, a noise floor, a base binary — before
/// any measuring starts, so a missing or unusable one fails at once (`.baselineUnusable`).
public enum GateInputs {
  /// The baseline `<out>/baselines/NAME.json`.
  public static func baseline(_ name: String, out: String) throws(PipelineError) -> Baseline {
    let url = BaselineStore(out: out).url(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw PipelineError(
        .baselineUnusable,
        "no baseline '\(name)' at \(url.path) (create it with 'sigbench baseline save \(name)')")
    }
    do {
      return try Baseline.decode(
        BoundedRead.data(url, limit: Int(InputEnvelope.baselineFileBytes.value)))
    } catch {
      throw PipelineError(.baselineUnusable, "baseline '\(name)' is unreadable: \(error)")
    }
  }

  /// The A/A noise floor `<out>/baselines/noise/NAME.json`.
  public static func noiseFloor(_ name: String, out: String) throws(PipelineError) -> NoiseFloor {
    let url = BaselineStore(out: out).noiseURL(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw PipelineError(
        .baselineUnusable,
        "no noise floor '\(name)' at \(url.path) (measure it with 'sigbench baseline noise \(name)')"
      )
    }
    do {
      return try NoiseFloor.decode(
        BoundedRead.data(url, limit: Int(InputEnvelope.baselineFileBytes.value)))
    } catch {
      throw PipelineError(.baselineUnusable, "noise floor '\(name)' is unreadable: \(error)")
    }
  }

  /// The base binary's absolute path, when it is an executable file.
  public static func baseBinary(_ path: String) throws(PipelineError) -> String {
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw PipelineError(.baselineUnusable, "--base-binary '\(path)' is not an executable file")
    }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }
}

extension GateConfiguration {
  /// Reads what the configuration compares with — the stored `baseline`, the `noiseFloor`
  /// (both under `outDir`), the `baseBinary` — failing at once when one is missing or unusable.
  public mutating func readInputs(
    baseline: String?, baseBinary: String?, noiseFloor: String?
  ) throws(PipelineError) {
    if let b = baseline { self.baseline = try GateInputs.baseline(b, out: outDir) }
    baselineName = baseline
    if let bin = baseBinary { self.baseBinary = try GateInputs.baseBinary(bin) }
    if let n = noiseFloor { self.noiseFloor = try GateInputs.noiseFloor(n, out: outDir) }
  }
}
