import SigbenchCore

/// A process strategy driven stroke by stroke: the protocol's requests and replies as calls.
/// The process is configured once per configuration (`configure` again switches it, between
/// strokes), serves any number of strokes, and fails on the first broken reply (the error
/// names the strategy, the request, the field and the rule).
public final class ExternalSession: @unchecked Sendable {
  public let process: ExternalProcess
  private var configured: StrategyConfiguration?

  /// Starts `manifest`'s program (`ExternalProcess`).
  public init(_ manifest: ExternalManifest, timeout: Double = ExternalProcess.defaultTimeout)
    throws(ExternalProcess.Failure)
  {
    process = try ExternalProcess(manifest, timeout: timeout)
  }

  /// Sends `configure` unless `configuration` is the one in force.
  public func configure(_ configuration: StrategyConfiguration) throws(ExternalProcess.Failure) {
    guard configuration != configured else { return }
    let reply = try process.exchange(ExternalProtocol.configure(configuration), name: "configure")
    try check { () throws(ExternalProtocol.ReplyError) in
      try ExternalProtocol.checkAcknowledgement(reply, to: "configure", op: "configured")
    }
    configured = configuration
  }

  /// Starts a stroke.
  public func begin() throws(ExternalProcess.Failure) {
    let reply = try process.exchange(ExternalProtocol.begin(), name: "begin")
    try check { () throws(ExternalProtocol.ReplyError) in
      try ExternalProtocol.checkAcknowledgement(reply, to: "begin", op: "begun")
    }
  }

  /// Pushes `sample`: the reply into `output`; the program's own nanoseconds for the call.
  public func push(_ sample: Sample, into output: inout StrokeOutput) throws(ExternalProcess
    .Failure)
    -> Int
  {
    let reply = try process.exchange(ExternalProtocol.push(sample), name: "push")
    return try check { () throws(ExternalProtocol.ReplyError) in
      try ExternalProtocol.readOutput(reply, to: "push", into: &output)
    }
  }

  /// Ends the stroke (pen up): the reply into `output`; the program's own nanoseconds.
  public func finish(into output: inout StrokeOutput) throws(ExternalProcess.Failure) -> Int {
    let reply = try process.exchange(ExternalProtocol.finish(), name: "finish")
    return try check { () throws(ExternalProtocol.ReplyError) in
      try ExternalProtocol.readOutput(reply, to: "finish", into: &output)
    }
  }

  /// Runs `body`; a broken reply stops the process and becomes a `Failure`.
  private func check<T>(_ body: () throws(ExternalProtocol.ReplyError) -> T)
    throws(ExternalProcess.Failure) -> T
  {
    do {
      return try body()
    } catch {
      process.stop()
      throw ExternalProcess.Failure(strategy: process.manifest.id, message: error.description)
    }
  }
}
