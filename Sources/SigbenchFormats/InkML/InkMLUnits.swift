import Foundation

/// Unit conversions for InkML channel values (a `<channel>`'s `units`), into the internal units:
/// CSS px (1/96 inch), seconds, radians.
enum InkMLUnits {
  /// CSS px per millimetre: 96 px per inch, 25.4 mm per inch.
  static let pxPerMillimetre = 96.0 / 25.4

  /// CSS px per one `unit` of length, or `nil` when the unit is not a physical length
  /// (`dev`, an unknown name). `himetric` is 0.01 mm (Office); `pt` 1/72 in; `pc` 12 pt.
  static func pxPerLengthUnit(_ unit: String) -> Double? {
    switch unit.lowercased() {
    case "mm": return pxPerMillimetre
    case "cm": return 10 * pxPerMillimetre
    case "m": return 1000 * pxPerMillimetre
    case "um", "µm": return pxPerMillimetre / 1000
    case "himetric": return pxPerMillimetre / 100
    case "in": return 96
    case "pt": return 96.0 / 72.0
    case "pc": return 16
    case "px": return 1
    default: return nil
    }
  }

  /// Seconds per one `unit` of time, or `nil` for an unknown unit.
  static func secondsPerTimeUnit(_ unit: String) -> Double? {
    switch unit.lowercased() {
    case "s", "sec": return 1
    case "ms": return 1e-3
    case "us", "µs": return 1e-6
    case "ns": return 1e-9
    case "min": return 60
    default: return nil
    }
  }

  /// Radians per one `unit` of angle, or `nil` for an unknown unit.
  static func radiansPerAngleUnit(_ unit: String) -> Double? {
    switch unit.lowercased() {
    case "deg", "degree", "degrees": return Double.pi / 180
    case "rad": return 1
    case "grad": return Double.pi / 200
    default: return nil
    }
  }

  /// Tilt from the surface normal and azimuth (clockwise from +x with y down) from the two
  /// tilt angles along x and y (`OTx`, `OTy`), in radians: the pen axis direction is
  /// (tan θx, tan θy, 1), so tilt = atan(√(tan²θx + tan²θy)) and azimuth = atan2(tan θy, tan θx)
  /// (the same relation Pointer Events use between tiltX/tiltY and altitude/azimuth). Angles at
  /// ±90° lie flat on the surface: tilt π/2. Azimuth is 0 for an upright pen.
  static func tiltAzimuth(tiltX: Double, tiltY: Double) -> (tilt: Double, azimuth: Double) {
    let flat = Double.pi / 2
    let ax = abs(tiltX) >= flat - 1e-12
    let ay = abs(tiltY) >= flat - 1e-12
    var tilt: Double
    var dx: Double
    var dy: Double
    if ax || ay {
      tilt = flat
      dx = ax ? (tiltX < 0 ? -1 : 1) : 0
      dy = ay ? (tiltY < 0 ? -1 : 1) : 0
    } else {
      dx = tan(tiltX)
      dy = tan(tiltY)
      tilt = atan((dx * dx + dy * dy).squareRoot())
    }
    tilt = min(flat, max(0, tilt))
    return (tilt, normalisedAzimuth(dx == 0 && dy == 0 ? 0 : atan2(dy, dx)))
  }

  /// `a` wrapped into [0, 2π).
  static func normalisedAzimuth(_ a: Double) -> Double {
    let twoPi = 2 * Double.pi
    var r = a.truncatingRemainder(dividingBy: twoPi)
    if r < 0 { r += twoPi }
    if r >= twoPi { r = 0 }
    return r
  }
}
