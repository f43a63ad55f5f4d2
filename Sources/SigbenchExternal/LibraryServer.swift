import Foundation
import SigbenchCore

/// A library strategy served over the process protocol (`ExternalProtocol`, version 1) on
/// standard input and output: what `sigbench strategies --serve MANIFEST` runs, so that the
/// library's code runs in a worker process of sigbench and a trap in it ends that process
/// (one strategy's cells fail) instead of the run. Each reply's `ns` is this process's
/// monotonic clock around the library call.
public enum LibraryServer {
  /// A request as the server reads it.
  struct Request: Decodable {
    var op: String
    var options: [String: JSONScalar]?
    var sample: SampleFields?
  }

  struct SampleFields: Decodable {
    var x: Double
    var y: Double
    var t: Double?
    var pressure: Double?
    var tilt: Double?
    var azimuth: Double?
  }

  /// Serves `manifest`'s library until standard input ends. Throws when the library cannot be
  /// loaded (before any reply: the client sees the process end before its greeting).
  public static func serve(_ manifest: ExternalManifest) throws(LibraryStrategy.LoadError) {
    let library = try LibraryStrategy(manifest)
    var configured: ConfiguredStrategy?
    var instance: (any SmoothingStrategy)?
    var output = StrokeOutput()
    while let line = readLine(strippingNewline: true) {
      let reply: String
      do {
        let request = try JSONDecoder().decode(Request.self, from: Data(line.utf8))
        switch request.op {
        case "hello":
          reply = "{\"op\":\"hello\",\"protocol\":\(ExternalProtocol.version)}"
        case "configure":
          let options = (request.options ?? [:]).map { ($0.key, $0.value.specText) }
          let c = try StrategyConfiguration(descriptor: manifest.descriptor, options: options)
          configured = library.configured(c, origin: .builtIn)
          reply = "{\"op\":\"configured\"}"
        case "begin":
          guard let configured else { throw ServerError("begin before configure") }
          instance = configured.makeInstance()
          reply = "{\"op\":\"begun\"}"
        case "push", "finish":
          guard let configured, var current = instance else {
            throw ServerError("\(request.op) before begin")
          }
          let started = DispatchTime.now().uptimeNanoseconds
          if request.op == "push" && request.sample == nil {
            throw ServerError("push without a sample")
          }
          try configured.watchingCalls {
            if request.op == "push", let s = request.sample {
              current.push(
                Sample(
                  x: s.x, y: s.y, time: s.t, pressure: s.pressure, tilt: s.tilt,
                  azimuth: s.azimuth), into: &output)
            } else {
              current.finish(into: &output)
            }
          }
          let ns = DispatchTime.now().uptimeNanoseconds - started
          instance = request.op == "finish" ? nil : current
          var text = "{\"op\":\"output\",\"stable\":\(GeometryJSON.object(output.stable)),"
          text += "\"tentative\":\(GeometryJSON.object(output.tentative)),\"ns\":\(ns)"
          if let p = output.prediction {
            text += ",\"prediction\":{\"x\":\(GeometryJSON.number(p.point.x)),"
            text += "\"y\":\(GeometryJSON.number(p.point.y)),\"t\":\(GeometryJSON.number(p.time))}"
          }
          reply = text + "}"
        default:
          throw ServerError("unknown request '\(request.op)'")
        }
      } catch {
        reply = "{\"op\":\"error\",\"message\":\(JSONText.string(String(describing: error)))}"
      }
      FileHandle.standardOutput.write(Data((reply + "\n").utf8))
    }
  }

  struct ServerError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
  }
}
