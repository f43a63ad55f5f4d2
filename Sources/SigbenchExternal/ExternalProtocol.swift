import SigbenchCore

/// Protocol version 1 between sigbench and a process strategy: JSON lines. Each request is
/// one JSON object on one line of the program's standard input, and each gets exactly one reply
/// on one line of its standard output. Anything the program writes to standard error is kept
/// for messages, never parsed. Every object has an `"op"` field.
///
/// | request (sigbench → strategy) | reply |
/// |---|---|
/// | `{"op":"hello","protocol":1}` | `{"op":"hello","protocol":1}` (a version the program speaks; sigbench stops on any other) |
/// | `{"op":"configure","options":{"window":7,"mode":"mean"}}`: every declared option, resolved (numbers as numbers, choices as strings); may come again between strokes | `{"op":"configured"}` |
/// | `{"op":"begin"}`: a new stroke; a stroke still in progress is dropped (sigbench drops one when it only needs its picture part-way) | `{"op":"begun"}` |
/// | `{"op":"push","sample":{"x":12.5,"y":40,"t":0.016,"pressure":0.42}}`: `x`, `y` in CSS px (y down), then only the channels the sample has: `t` (s since the drawing began), `pressure` (0…1), `tilt`, `azimuth` (radians) | an output |
/// | `{"op":"finish"}`: pen up | an output |
///
/// An output is `{"op":"output","stable":G,"tentative":G,"ns":N}` plus `"prediction":
/// {"x":…,"y":…,"t":…}` when the strategy predicts the pen. `stable` holds the geometry this
/// call appended to the final ink (never revised later), `tentative` the whole provisional
/// tail, and `ns` the program's own time for the call in nanoseconds (its language's
/// monotonic clock around its own push), an integer ≥ 0. A geometry G is an object with any
/// of:
/// - `"centerline"`: `[[x0,y0, x1,y1, x2,y2, x3,y3, w0,w1], …]`, cubic Bézier segments
///   (start, two controls, end) with the full width at each end, px;
/// - `"outline"`: `[["M",x,y], ["L",x,y], ["Q",cx,cy,x,y], ["C",c1x,c1y,c2x,c2y,x,y], ["Z"]]`,
///   path elements whose closed subpaths are filled non-zero, each on its own;
/// - `"discs"`: `[[x,y,r], …]`, filled discs;
/// - `"bands"`: `[[ox,oy, x0,y0, x1,y1, x2,y2, x3,y3, w0,w1, straight], …]`, round-capped
///   pieces kept as their centreline (`RoundBand`): the origin, the stroke-local cubic, the full
///   widths at its ends and 1 for a straight piece (a quadrilateral) or 0 for a curved one;
/// - `"stamps"`: `[[ox,oy, x0,y0, x1,y1, x2,y2, x3,y3, r0,r1, rmax, count], …]`, circle stamps
///   along a stroke-local cubic (`StampRun`: signature_pad's stamp rule): the origin, the
///   curve, the radii at its ends, the cap and the number of stamps;
/// - `"outlineStrokeWidth"`: the width every outline subpath is also stroked with (default 0).
///
/// Instead of any reply the program may answer `{"op":"error","message":"…"}`: the strategy
/// fails on that stroke (its cell), with the message. Coordinates must be finite numbers,
/// widths and radii ≥ 0.
public enum ExternalProtocol {
  /// The version this file describes.
  public static let version = 1
  /// Longest reply line read, bytes: a reply is one call's geometry.
  public static let maximumReplyBytes = 16 << 20

  /// Why a reply cannot be used: it names the request, the field and the rule.
  public struct ReplyError: Error, Hashable, Sendable, CustomStringConvertible {
    public var request: String
    public var message: String
    public var description: String { "reply to '\(request)': \(message)" }
  }

  /// The `hello` request.
  public static func hello() -> String { "{\"op\":\"hello\",\"protocol\":\(version)}" }

  /// The `configure` request for `configuration`'s values (every declared option).
  public static func configure(_ configuration: StrategyConfiguration) -> String {
    let fields = configuration.values.keys.sorted().map { name -> String in
      switch configuration.values[name]! {
      case .number(let v): return "\(quoted(name)):\(number(v))"
      case .choice(let s): return "\(quoted(name)):\(quoted(s))"
      }
    }
    return "{\"op\":\"configure\",\"options\":{\(fields.joined(separator: ","))}}"
  }

  /// The `begin` request.
  public static func begin() -> String { "{\"op\":\"begin\"}" }

  /// The `finish` request.
  public static func finish() -> String { "{\"op\":\"finish\"}" }

  /// The `push` request for `s` (its channels that are present).
  public static func push(_ s: Sample) -> String {
    var text = "{\"op\":\"push\",\"sample\":{\"x\":\(number(s.x)),\"y\":\(number(s.y))"
    if let t = s.time { text += ",\"t\":\(number(t))" }
    if let p = s.pressure { text += ",\"pressure\":\(number(p))" }
    if let a = s.tilt { text += ",\"tilt\":\(number(a))" }
    if let a = s.azimuth { text += ",\"azimuth\":\(number(a))" }
    return text + "}}"
  }

  /// A finite number as JSON: the shortest text that reads back to the same double.
  static func number(_ v: Double) -> String {
    precondition(v.isFinite, "JSON has no non-finite numbers")
    return JSONText.number(v)
  }

  /// `s` as a JSON string.
  static func quoted(_ s: String) -> String { JSONText.string(s) }
}
