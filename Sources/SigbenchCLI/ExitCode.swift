import SigbenchArguments
import SigbenchResults
import SigbenchRun

/// A failure while running a command, with the exit code it maps to.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
  public var code: ExitCode
  public var message: String
  public init(_ code: ExitCode, _ message: String) {
    self.code = code
    self.message = message
  }
  public var description: String { message }
}
