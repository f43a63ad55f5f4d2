extension InputEnvelope {
  /// The range a sample's pressure or angle is brought into by every reader: a value outside
  /// is not an error (devices and formats differ) but is clamped or wrapped, with a warning,
  /// so every later stage sees only values inside.
  public struct ChannelRange: Sendable, Hashable {
    /// The channel, as `Sample` names it.
    public var name: String
    public var lower: Double
    public var upper: Double
    /// Whether `upper` itself is inside (false for the azimuth's full turn).
    public var includesUpper: Bool
    /// Unit of the bounds.
    public var unit: String
    /// What a reader does with a finite value outside: "clamped" or "wrapped".
    public var handling: String

    /// Whether `v` is inside (NaN is not).
    @inlinable public func admits(_ v: Double) -> Bool {
      v >= lower && (includesUpper ? v <= upper : v < upper)
    }

    /// The range as a rule: "must be in [0, 1]".
    public var rule: String {
      "must be in [\(Self.text(lower)), \(Self.text(upper))\(includesUpper ? "]" : ")")"
        + (unit.isEmpty ? "" : " \(unit)")
    }

    static func text(_ v: Double) -> String {
      if v == Double.pi / 2 { return "π/2" }
      if v == 2 * Double.pi { return "2π" }
      return v == v.rounded() ? String(Int(v)) : String(v)
    }
  }

  /// Pressure, 0 (none) to 1 (full force): the unit every reader converts to; clamped.
  public static let pressure = ChannelRange(
    name: "pressure", lower: 0, upper: 1, includesUpper: true, unit: "", handling: "clamped")

  /// Tilt from the surface's normal, 0 to π/2 rad; clamped.
  public static let tilt = ChannelRange(
    name: "tilt", lower: 0, upper: Double.pi / 2, includesUpper: true, unit: "rad",
    handling: "clamped")

  /// Azimuth, [0, 2π) rad; wrapped into it.
  public static let azimuth = ChannelRange(
    name: "azimuth", lower: 0, upper: 2 * Double.pi, includesUpper: false, unit: "rad",
    handling: "wrapped")

  /// Every channel range, in the order docs list them.
  public static let channels: [ChannelRange] = [pressure, tilt, azimuth]
}
