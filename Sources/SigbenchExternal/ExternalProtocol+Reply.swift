import Foundation
import SigbenchCore

extension ExternalProtocol {
  /// Decodes one reply line to `request` (its `op`), expecting `op`. An `error` reply, a line
  /// that is not a JSON object of the documented shape, or another `op` is a `ReplyError`
  /// naming the field.
  static func reply(_ line: Data, to request: String, expecting op: String) throws(ReplyError)
    -> ReplyJSON
  {
    func fail(_ message: String) -> ReplyError { ReplyError(request: request, message: message) }
    let reply: ReplyJSON
    do {
      reply = try JSONDecoder().decode(ReplyJSON.self, from: line)
    } catch let error as DecodingError {
      throw fail(ReplyJSON.describe(error, line: line))
    } catch {
      throw fail("not JSON (\(error.localizedDescription))")
    }
    guard let got = reply.op else { throw fail("field 'op' must be a string; got nothing") }
    if got == "error" {
      throw fail("the strategy reported an error: \(reply.message ?? "(no message)")")
    }
    guard got == op else { throw fail("field 'op' must be \"\(op)\"; got \"\(got)\"") }
    return reply
  }

  /// Checks a `hello` reply: the program speaks `version`.
  public static func checkHello(_ line: Data) throws(ReplyError) {
    let r = try reply(line, to: "hello", expecting: "hello")
    guard r.protocolVersion == Double(version) else {
      throw ReplyError(
        request: "hello",
        message: "field 'protocol' must be \(version), the version sigbench speaks; got "
          + "\(r.protocolVersion.map { JSONText.number($0) } ?? "nothing")")
    }
  }

  /// Checks the reply to `request` whose `op` must be `op` (`configured`, `begun`).
  public static func checkAcknowledgement(_ line: Data, to request: String, op: String)
    throws(ReplyError)
  {
    _ = try reply(line, to: request, expecting: op)
  }

  /// Reads an `output` reply to `request` (`push` or `finish`) into `output` (cleared first);
  /// returns the program's own nanoseconds for the call.
  public static func readOutput(_ line: Data, to request: String, into output: inout StrokeOutput)
    throws(ReplyError) -> Int
  {
    let r = try reply(line, to: request, expecting: "output")
    let reader = GeometryReader(request: request)
    output.clear()
    try reader.read(r.stable, "stable", into: &output.stable)
    try reader.read(r.tentative, "tentative", into: &output.tentative)
    if let p = r.prediction {
      let x = try reader.finite(p.x, "prediction.x")
      let y = try reader.finite(p.y, "prediction.y")
      let t = try reader.finite(p.t, "prediction.t")
      output.prediction = PenPrediction(point: Point(x: x, y: y), time: t)
    }
    guard let ns = r.ns, ns >= 0, ns < 1e18, ns == ns.rounded() else {
      throw reader.fail("ns", "a whole number of nanoseconds ≥ 0", r.ns)
    }
    return Int(ns)
  }
}
