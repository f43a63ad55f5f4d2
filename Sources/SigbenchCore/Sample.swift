/// One input sample of a pen or finger, in the internal units.
///
/// - Position: CSS px (1/96 inch), y down.
/// - `time`: seconds since the drawing started (not the stroke); `nil` for untimed data.
/// - `pressure`: normalised to [0, 1]; `nil` when the device reports none.
/// - `tilt`: angle from the surface normal, radians in [0, π/2]; `nil` when absent.
/// - `azimuth`: direction of the pen's projection on the surface, radians in [0, 2π),
///   measured clockwise from +x (y down); `nil` when absent.
///
/// A channel that is missing is `nil`, never a sentinel value.
public struct Sample: Hashable, Codable, Sendable {
  public var x: Double
  public var y: Double
  public var time: Double?
  public var pressure: Double?
  public var tilt: Double?
  public var azimuth: Double?

  @inlinable public init(
    x: Double, y: Double, time: Double? = nil, pressure: Double? = nil, tilt: Double? = nil,
    azimuth: Double? = nil
  ) {
    self.x = x
    self.y = y
    self.time = time
    self.pressure = pressure
    self.tilt = tilt
    self.azimuth = azimuth
  }

  /// The position as a `Point`.
  @inlinable public var point: Point {
    get { Point(x: x, y: y) }
    set {
      x = newValue.x
      y = newValue.y
    }
  }

  /// This sample moved by `offset`; every other channel unchanged.
  @inlinable public func translated(by offset: Point) -> Sample {
    var s = self
    s.x += offset.x
    s.y += offset.y
    return s
  }
}
