import SigbenchBench

/// The build configuration, for commands that print figures.
enum SigbenchMainBuild {
  static var configuration: String { BuildConfiguration.current }
}
