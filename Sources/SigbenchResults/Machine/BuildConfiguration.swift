/// Whether this binary was built for debugging or release. Debug figures are marked "debug"
/// everywhere and come with a warning: debug builds are many times slower.
public enum BuildConfiguration {
  #if DEBUG
    public static let current = "debug"
  #else
    public static let current = "release"
  #endif
  public static var isDebug: Bool { current == "debug" }
}
