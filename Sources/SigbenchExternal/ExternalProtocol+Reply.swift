import Foundation
import SigbenchCore

extension ExternalProtocol {
  /// A reply's fields, after its `op` was checked.
  typealias Fields = [String: Any]

  /// Parses one reply line to `request` (its `op`), expecting `op`: the reply's other fields.
  /// An `error` reply, a line that is not a JSON object or another `op` is a `ReplyError`.
  static func reply(_ line: Data, to request: String, expecting op: String) throws(ReplyError)
    -> Fields
  {
    func fail(_ message: String) -> ReplyError { ReplyError(request: request, message: message) }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: line)
    } catch {
      let text = String(decoding: line.prefix(80), as: UTF8.self)
      throw fail("not JSON (\(error.localizedDescription)): \(text)")
    }
    guard let fields = object as? Fields else { throw fail("not a JSON object") }
    guard let got = fields["op"] as? String else { throw fail("field 'op' must be a string") }
    if got == "error" {
      let message = fields["message"] as? String ?? "(no message)"
      throw fail("the strategy reported an error: \(message)")
    }
    guard got == op else { throw fail("field 'op' must be \"\(op)\"; got \"\(got)\"") }
    return fields
  }

  /// Checks a `hello` reply: the program speaks `version`.
  public static func checkHello(_ line: Data) throws(ReplyError) {
    let f = try reply(line, to: "hello", expecting: "hello")
    guard let v = f["protocol"] as? NSNumber, v.doubleValue == Double(version) else {
      throw ReplyError(
        request: "hello",
        message: "field 'protocol' must be \(version), the version sigbench speaks; got "
          + "\(f["protocol"].map { "\($0)" } ?? "nothing")")
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
    let f = try reply(line, to: request, expecting: "output")
    let reader = GeometryReader(request: request)
    output.clear()
    try reader.read(f["stable"], "stable", into: &output.stable)
    try reader.read(f["tentative"], "tentative", into: &output.tentative)
    if let p = f["prediction"] {
      guard let o = p as? Fields else { throw reader.fail("prediction", "an object", p) }
      let x = try reader.finite(o["x"], "prediction.x")
      let y = try reader.finite(o["y"], "prediction.y")
      let t = try reader.finite(o["t"], "prediction.t")
      output.prediction = PenPrediction(point: Point(x: x, y: y), time: t)
    }
    guard let ns = f["ns"] as? NSNumber, ns.doubleValue >= 0, ns.doubleValue < 1e18,
      ns.doubleValue == ns.doubleValue.rounded()
    else {
      throw reader.fail("ns", "a whole number of nanoseconds ≥ 0", f["ns"])
    }
    return Int(ns.doubleValue)
  }
}
