import Foundation

/// What a timing figure depends on: the machine and the build. Kept apart from provenance
/// (which commit, which date), which differs between a baseline and a run by design.
public struct MachineFingerprint: Codable, Hashable, Sendable {
  public var cpuModel: String
  public var cores: Int
  public var os: String
  public var toolchain: String
  public var buildConfiguration: String

  public init(
    cpuModel: String, cores: Int, os: String, toolchain: String, buildConfiguration: String
  ) {
    self.cpuModel = cpuModel
    self.cores = cores
    self.os = os
    self.toolchain = toolchain
    self.buildConfiguration = buildConfiguration
  }

  /// This machine, read from /proc/cpuinfo and /etc/os-release.
  public static func current() -> MachineFingerprint {
    var cpu = "unknown"
    if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    {
      cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var os = ProcessInfo.processInfo.operatingSystemVersionString
    if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
    {
      os = String(line.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(
        in: CharacterSet(charactersIn: "\""))
    }
    #if swift(>=6.3)
      let toolchain = "Swift 6.3+"
    #elseif swift(>=6.0)
      let toolchain = "Swift 6.x"
    #else
      let toolchain = "Swift 5.x"
    #endif
    return MachineFingerprint(
      cpuModel: cpu, cores: ProcessInfo.processInfo.activeProcessorCount, os: os,
      toolchain: toolchain, buildConfiguration: BuildConfiguration.current)
  }
}
