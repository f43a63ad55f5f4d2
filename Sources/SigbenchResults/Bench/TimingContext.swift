import Foundation

/// Where and how a harness results file (`render-bench.json`, `decode-bench.json`) was
/// measured: the tool, the build, the machine, the clock and when.
public struct TimingContext: Codable, Hashable, Sendable {
  public var tool: String
  /// "release" or "debug" (debug figures are not representative).
  public var build: String
  public var createdAt: String
  public var machine: MachineFingerprint
  public var timer: TimerCalibration
  /// The command line that produced the file.
  public var commandLine: [String]

  public init(
    tool: String, build: String, createdAt: String, machine: MachineFingerprint,
    timer: TimerCalibration, commandLine: [String]
  ) {
    self.tool = tool
    self.build = build
    self.createdAt = createdAt
    self.machine = machine
    self.timer = timer
    self.commandLine = commandLine
  }
}
