import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One running process strategy: started from its manifest's command (no shell; in the
/// manifest's folder), greeted (`hello`), then spoken to one request line and one reply line at
/// a time (`ExternalProtocol`). A reply that does not come within `timeout` seconds, a process
/// that exits, a reply line over `ExternalProtocol.maximumReplyBytes`: each is an error naming
/// the strategy and what happened, with the end of what it wrote to standard error; the
/// process is stopped. Not thread-safe: one owner (one worker thread) at a time.
public final class ExternalProcess: @unchecked Sendable {
  /// Why talking to the process failed.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var strategy: String
    public var message: String
    public var description: String { "external strategy '\(strategy)': \(message)" }
  }

  public let manifest: ExternalManifest
  /// Seconds a reply may take.
  public let timeout: Double
  private let process = Process()
  private let input: FileHandle
  private let output: FileHandle
  private let errors = ErrorTail()
  /// Bytes read after the last complete line.
  private var pending: [UInt8] = []
  /// The read buffer, kept between replies.
  private var chunk = [UInt8](repeating: 0, count: 65_536)
  private var stopped = false

  /// Default seconds a reply may take: a push is microseconds to milliseconds, so ten seconds
  /// means the program hangs.
  public static let defaultTimeout = 10.0

  /// Starts the manifest's command and checks its `hello`.
  public init(_ manifest: ExternalManifest, timeout: Double = defaultTimeout) throws(Failure) {
    self.manifest = manifest
    self.timeout = timeout
    let folder = URL(fileURLWithPath: manifest.path).deletingLastPathComponent()
    let program = manifest.command[0]
    if program.contains("/") {
      process.executableURL =
        program.hasPrefix("/")
        ? URL(fileURLWithPath: program) : folder.appendingPathComponent(program)
      process.arguments = Array(manifest.command.dropFirst())
    } else {
      // Looked up on PATH by env, which takes the argument list as it is: still no shell.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = manifest.command
    }
    process.currentDirectoryURL = folder
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    input = stdin.fileHandleForWriting
    output = stdout.fileHandleForReading
    let tail = errors
    stderr.fileHandleForReading.readabilityHandler = { h in
      let data = h.availableData
      // End of file: without this the handler is called again and again.
      if data.isEmpty {
        h.readabilityHandler = nil
        tail.end()
      } else {
        tail.append(data)
      }
    }
    // A write to a process that has exited must fail with EPIPE, not end sigbench.
    signal(SIGPIPE, SIG_IGN)
    do {
      try process.run()
    } catch {
      stopped = true  // never started: nothing to stop or wait for
      throw Failure(
        strategy: manifest.id,
        message: "cannot start \(manifest.command.joined(separator: " ")) (manifest "
          + "\(manifest.path)): \(error.localizedDescription)")
    }
    // Starting an interpreter on a busy machine can take longer than a push may: the greeting
    // gets at least `startTimeout`.
    let reply = try exchange(
      ExternalProtocol.hello(), name: "hello", within: max(timeout, Self.startTimeout))
    do {
      try ExternalProtocol.checkHello(reply)
    } catch {
      stop()
      throw Failure(strategy: manifest.id, message: error.description)
    }
  }

  deinit { stop() }

  /// True once the process was stopped (after a failure, or by `stop()`): it serves no more.
  public var isStopped: Bool { stopped }

  /// Seconds the greeting may take (the program's start included), at least.
  public static let startTimeout = 10.0

  /// Sends one request line (`name` for messages) and returns the reply line, without its
  /// newline; the reply may take `within` seconds (default `timeout`; the greeting at least
  /// `startTimeout`).
  public func exchange(_ request: String, name: String, within: Double? = nil) throws(Failure)
    -> Data
  {
    guard !stopped else { throw fail("the process was stopped after an earlier failure") }
    var bytes = Array(request.utf8)
    bytes.append(0x0A)
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { b in
        write(input.fileDescriptor, b.baseAddress! + written, b.count - written)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw stopping(
          "it stopped reading its input (\(String(cString: strerror(errno)))) at '\(name)'")
      }
      written += n
    }
    return try readLine(name, within: within ?? timeout)
  }

  /// Stops the process: closes its input, then kills it if it has not exited within a
  /// moment, or at once when `hung` (it missed a reply's deadline: waiting for it to notice
  /// its input closed would only add to the timeout). Idempotent.
  public func stop(hung: Bool = false) {
    guard !stopped else { return }
    stopped = true
    try? input.close()
    if process.isRunning {
      if !hung {
        let deadline = Date().addingTimeInterval(0.5)
        while process.isRunning && Date() < deadline { usleep(2_000) }
      }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
  }

  private func readLine(_ name: String, within: Double) throws(Failure) -> Data {
    let deadline = Date().addingTimeInterval(within)
    // Bytes of `pending` already searched for the newline: each byte is looked at once, so a
    // long reply read in 64 KiB chunks costs O(its length), not O(length² / chunk).
    var searched = 0
    while true {
      let from = searched
      let newline = pending.withUnsafeBufferPointer { b -> Int? in
        guard b.count > from, let base = b.baseAddress,
          let hit = memchr(base + from, 0x0A, b.count - from)
        else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      }
      if let nl = newline {
        let line = Data(pending[..<nl])
        pending.removeSubrange(...nl)
        return line
      }
      searched = pending.count
      guard pending.count <= ExternalProtocol.maximumReplyBytes else {
        throw stopping(
          "its reply to '\(name)' is longer than \(ExternalProtocol.maximumReplyBytes) bytes")
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        throw stopping("no reply to '\(name)' within \(within) s", hung: true)
      }
      var fd = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&fd, 1, Int32(min(left, 1) * 1000) + 1)
      if ready < 0 && errno != EINTR {
        throw stopping("waiting for its reply failed: \(String(cString: strerror(errno)))")
      }
      guard ready > 0 else { continue }
      let n = chunk.withUnsafeMutableBytes {
        read(output.fileDescriptor, $0.baseAddress!, $0.count)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw stopping("reading its reply failed: \(String(cString: strerror(errno)))")
      }
      if n == 0 {
        process.waitUntilExit()
        let status = process.terminationStatus
        let how =
          process.terminationReason == .uncaughtSignal ? "signal \(status)" : "status \(status)"
        throw stopping("it exited (\(how)) before replying to '\(name)'")
      }
      pending.append(contentsOf: chunk[0..<n])
    }
  }

  private func fail(_ message: String) -> Failure {
    // A process that has ended may still have standard error in the pipe: the tail is read
    // once its reader has seen the end (briefly waited for), so the message has it all.
    if !process.isRunning { errors.waitForEnd(seconds: 1) }
    let tail = errors.text
    return Failure(
      strategy: manifest.id,
      message: message + (tail.isEmpty ? "" : "; its standard error ended with: \(tail)"))
  }

  /// `fail`, after stopping the process.
  private func stopping(_ message: String, hung: Bool = false) -> Failure {
    stop(hung: hung)
    return fail(message)
  }
}

/// The last 2,000 bytes a process wrote to standard error, and whether it closed it.
private final class ErrorTail: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []
  private var ended = false

  /// The process closed its standard error.
  func end() {
    lock.lock()
    ended = true
    lock.unlock()
  }

  /// Waits until `end()` or `seconds` have passed.
  func waitForEnd(seconds: Double) {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      lock.lock()
      let done = ended
      lock.unlock()
      if done { return }
      usleep(2_000)
    }
  }

  func append(_ data: Data) {
    lock.lock()
    defer { lock.unlock() }
    bytes.append(contentsOf: data)
    if bytes.count > 2_000 { bytes.removeFirst(bytes.count - 2_000) }
  }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
