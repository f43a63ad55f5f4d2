/// A rejected synthesis or resampling request: a setting out of range, or input the resampler
/// cannot use. `message` names the setting or the stroke, the rule and the value.
public struct SynthError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
