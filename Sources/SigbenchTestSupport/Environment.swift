#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The value of environment variable `name`, if set.
public func getenvString(_ name: String) -> String? {
  guard let p = getenv(name) else { return nil }
  return String(cString: p)
}
