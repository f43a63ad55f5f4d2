import SigbenchCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The options of perfect-freehand 1.2.2 (`StrokeOptions` of `getStroke`), declared once for
/// both ports, with the defaults of its code where its README differs: `size` 16 (README: 8),
/// `last` false (README: true), start-taper easing t·(2 − t) and end-taper easing (t − 1)³ + 1
/// (README: t ↦ t).
///
/// One option is sigbench's, not the library's: `last-at-finish` (default true) calls the
/// library with `last: true` for the finished stroke only, as the library's users do (its
/// README: `last` is "whether the stroke is complete"; while drawing they pass false). `last`
/// applies to every call, while drawing and at the finish, as the library's own option does.
///
/// Units: `size` and the tapers are CSS px; everything else is unitless. The library's easing
/// functions are fixed at the code's defaults (the pressure easing is t ↦ t), since a function
/// is not an option here. A taper is a distance; the library's `taper: true` (max(size, total
/// length)) is not offered: that length grows with every sample, so every radius of the stroke
/// changes on every push and no part of the ink could ever become final.
public struct PerfectFreehandOptions: Sendable, Hashable {
  /// Base diameter, px in (0, 200]: the full width at pressure 0.5.
  public var size: Double
  /// Effect of pressure on the width, in [−1, 1]: 0 constant, negative thinner with pressure.
  public var thinning: Double
  /// Minimum spacing of outline points as a fraction of `size`, in [0, 1].
  public var smoothing: Double
  /// Pull of each centre point toward the previous one, in [0, 1].
  public var streamline: Double
  /// Width from the spacing of the centre points instead of the input pressure.
  public var simulatePressure: Bool
  /// Start taper length, px in [0, 2000]; 0 is none.
  public var taperStart: Double
  /// End taper length, px in [0, 2000]; 0 is none.
  public var taperEnd: Double
  /// Round (true) or flat start cap when the start is not tapered.
  public var capStart: Bool
  /// Round (true) or flat end cap when the end is not tapered.
  public var capEnd: Bool
  /// The library's `last`: the final sample is used as is, not streamlined, on every call.
  public var last: Bool
  /// sigbench's finish-only `last`: the finished stroke is the library's output with
  /// `last: true` (the final sample used as is, so the ink ends at the pen-up point), while
  /// every call before the finish uses `last` as set.
  public var lastAtFinish: Bool
  /// sigbench's input-filter stage in front of the port (not part of the library): off by
  /// default (`filter=min-distance` with no distance rule); `filter=one-euro` smooths positions
  /// before the library sees them.
  public var prefilter = InputFilter.Settings(minDistance: 0)

  public init(
    size: Double = 16, thinning: Double = 0.5, smoothing: Double = 0.5, streamline: Double = 0.5,
    simulatePressure: Bool = true, taperStart: Double = 0, taperEnd: Double = 0,
    capStart: Bool = true, capEnd: Bool = true, last: Bool = false, lastAtFinish: Bool = true
  ) {
    self.size = size
    self.thinning = thinning
    self.smoothing = smoothing
    self.streamline = streamline
    self.simulatePressure = simulatePressure
    self.taperStart = taperStart
    self.taperEnd = taperEnd
    self.capStart = capStart
    self.capEnd = capEnd
    self.last = last
    self.lastAtFinish = lastAtFinish
  }

  /// These options as the library is called for the finished stroke: `last` set when
  /// `lastAtFinish` is.
  @inlinable public var atFinish: PerfectFreehandOptions {
    var o = self
    o.last = last || lastAtFinish
    return o
  }

  /// Reads the options declared by `parameters`.
  public init(_ c: StrategyConfiguration) throws(StrategyError) {
    self.init(
      size: c.number("size"), thinning: c.number("thinning"), smoothing: c.number("smoothing"),
      streamline: c.number("streamline"),
      simulatePressure: c.choice("simulate-pressure") == "true",
      taperStart: c.number("start-taper"), taperEnd: c.number("end-taper"),
      capStart: c.choice("start-cap") == "true", capEnd: c.choice("end-cap") == "true",
      last: c.choice("last") == "true", lastAtFinish: c.choice("last-at-finish") == "true")
    prefilter = try InputFilter.Settings(c, smoothingOnly: true)
  }

  /// The option declarations, with the code's defaults, in the library's order, then
  /// sigbench's own (`last-at-finish`, the input filter).
  public static let parameters: [ParameterInfo] =
    libraryParameters + [lastAtFinishParameter] + InputFilter.smoothingParameters

  /// `last-at-finish`: the library's `last: true` for the finished stroke only.
  static let lastAtFinishParameter = ParameterInfo.choice(
    "last-at-finish", ["true", "false"], default: "true",
    help: "Finish the stroke as the library's users do, with last: true (the ink ends at the"
      + " pen-up point); every earlier call uses last. false: the finished stroke uses last too."
  ).active(when: "last", is: "false")

  /// The library's own options.
  static let libraryParameters: [ParameterInfo] = [
    .number(
      "size", unit: "px", 0, 200, lowerClosed: false, default: 16, typical: "8–24",
      help: "Base diameter: the full width at pressure 0.5 (the code's 16; its README says 8)."),
    .number(
      "thinning", unit: "", -1, 1, default: 0.5, typical: "0–0.7",
      help: "Effect of pressure on width: 0 constant, negative thinner with more pressure."),
    .number(
      "smoothing", unit: "", 0, 1, default: 0.5, typical: "0.5",
      help: "Minimum spacing of outline points, as a fraction of size."),
    .number(
      "streamline", unit: "", 0, 1, default: 0.5, typical: "0.3–0.8",
      help: "Pull of each centre point toward the previous one (pull 0.15 + 0.85·(1 − s))."),
    .choice(
      "simulate-pressure", ["true", "false"], default: "true",
      help: "Width from the spacing of the centre points; false uses the pen pressure."),
    .number(
      "start-taper", unit: "px", 0, 2000, default: 0, typical: "0–100",
      help: "Start taper length (ease-out quadratic); 0 for none."),
    .number(
      "end-taper", unit: "px", 0, 2000, default: 0, typical: "0–100",
      help: "End taper length (ease-out cubic); 0 for none."),
    .choice(
      "start-cap", ["true", "false"], default: "true",
      help: "Round start cap (false: flat) when the start is not tapered."
    ).active(when: "start-taper", is: "0"),
    .choice(
      "end-cap", ["true", "false"], default: "true",
      help: "Round end cap (false: flat) when the end is not tapered."
    ).active(when: "end-taper", is: "0"),
    .choice(
      "last", ["true", "false"], default: "false",
      help: "Use the newest sample as is instead of streamlined, on every call (the code's"
        + " default false)."),
  ]

  /// The library's `RATE_OF_PRESSURE_CHANGE`.
  public static let rateOfPressureChange = 0.275
  /// The library's `FIXED_PI`: π + 0.0001, its angle for half turns.
  public static let fixedPi = Double.pi + 0.0001

  /// The streamline pull t = 0.15 + 0.85·(1 − streamline), in [0.15, 1].
  @inlinable public var pull: Double { 0.15 + (1 - streamline) * 0.85 }

  /// Squared minimum distance between outline points on one side, px².
  @inlinable public var minDistanceSquared: Double { (size * smoothing) * (size * smoothing) }

  /// The library's `getStrokeRadius` with the default easing t ↦ t:
  /// size · (0.5 − thinning · (0.5 − pressure)), px.
  @inlinable public func radius(pressure: Double) -> Double {
    size * (0.5 - thinning * (0.5 - pressure))
  }

  /// One step of simulated pressure: from the previous value toward 1 − min(1, d/size), at
  /// the rate min(1, d/size) · 0.275, for a centre point `distance` px from the previous one.
  @inlinable public func simulatedPressure(after previous: Double, distance: Double) -> Double {
    let sp = min(1, distance / size)
    let rp = min(1, 1 - sp)
    return min(1, previous + (rp - previous) * (sp * Self.rateOfPressureChange))
  }

  /// The start-taper easing of the code, t·(2 − t).
  @inlinable public static func startEase(_ t: Double) -> Double { t * (2 - t) }

  /// The end-taper easing of the code, (t − 1)³ + 1.
  @inlinable public static func endEase(_ t: Double) -> Double {
    let u = t - 1
    return u * u * u + 1
  }
}

/// One rotation of the library's outline fans: cosine and sine of its angle.
public struct PerfectFreehandTurn: Sendable, Hashable {
  public var cos: Double
  public var sin: Double

  /// `a` rotated about `c` (the library's `rotAround`).
  @inlinable public func rotate(_ a: Point, about c: Point) -> Point {
    let px = a.x - c.x
    let py = a.y - c.y
    return Point(x: px * cos - py * sin + c.x, y: px * sin + py * cos + c.y)
  }
}

/// The rotations of every fan the outline draws, computed once with the library's own loops
/// (its parameter t accumulates a step of 1/13 or 1/29 in floating point, which decides the
/// number of points), so no push evaluates a sine.
public enum PerfectFreehandFans {
  /// Sharp corner, left side: t = 0, 1/13, … ≤ 1, angle π′·t (π′ = π + 0.0001).
  public static let cornerLeft = turns(step: 1 / 13, from: 0, inclusive: true) {
    PerfectFreehandOptions.fixedPi * $0
  }
  /// Sharp corner, right side: the same t, angle π′·(−t).
  public static let cornerRight = turns(step: 1 / 13, from: 0, inclusive: true) {
    PerfectFreehandOptions.fixedPi * -$0
  }
  /// Round start cap: t = 1/13, … ≤ 1, angle π′·t.
  public static let startCap = turns(step: 1 / 13, from: 1 / 13, inclusive: true) {
    PerfectFreehandOptions.fixedPi * $0
  }
  /// Round end cap, one and a half turns: t = 1/29, … < 1, angle 3π′·t.
  public static let endCap = turns(step: 1 / 29, from: 1 / 29, inclusive: false) {
    PerfectFreehandOptions.fixedPi * 3 * $0
  }
  /// Dot: t = 1/13, … ≤ 1, angle 2π′·t.
  public static let dot = turns(step: 1 / 13, from: 1 / 13, inclusive: true) {
    PerfectFreehandOptions.fixedPi * 2 * $0
  }

  /// Appends `start` turned about `centre` by each of `turns`, in order.
  ///
  /// - Complexity: O(turns.count), no allocation beyond `points`' growth. It indexes `turns`
  ///   instead of iterating it: an array's iterator reads each element through a coroutine whose
  ///   frame a debug build allocates on the heap.
  @inlinable public static func append(
    _ turns: [PerfectFreehandTurn], turning start: Point, about centre: Point,
    to points: inout [Point]
  ) {
    for k in 0..<turns.count { points.append(turns[k].rotate(start, about: centre)) }
  }

  static func turns(
    step: Double, from start: Double, inclusive: Bool, angle: (Double) -> Double
  ) -> [PerfectFreehandTurn] {
    var result: [PerfectFreehandTurn] = []
    var t = start
    while inclusive ? t <= 1 : t < 1 {
      let a = angle(t)
      result.append(PerfectFreehandTurn(cos: cos(a), sin: sin(a)))
      t += step
    }
    return result
  }
}
