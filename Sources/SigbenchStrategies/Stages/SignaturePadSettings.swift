import SigbenchCore

/// The options of signature_pad 5.1.3 that shape its ink, shared by `signature-pad` and
/// `signature-pad-fixed`; the defaults are the ones its `SignaturePad` constructor applies.
///
/// Units: widths are **radii** in CSS px, as in signature_pad, which stamps circles of that
/// radius (the visible line is twice as wide; the centreline carries the full width, 2 × the
/// radius); `minDistance` in CSS px; `throttle` in ms. Option values of 0 that signature_pad
/// silently replaces by its default (`minWidth || 0.5`, `maxWidth || 2.5`,
/// `velocityFilterWeight || 0.7`) are outside the declared ranges here, so they are rejected
/// instead of being replaced. `minWidth` above `maxWidth` is accepted, as signature_pad does:
/// every width is then `minWidth` and every curve stamp is capped at `maxWidth`.
///
/// Width (signature_pad 5.1.3, `SignaturePad._strokeWidth`): `max(maxWidth / (v + 1),
/// minWidth)` for the filtered speed v in px/ms; with the defaults 2.5 px at rest, 1.25 px at
/// 1 px/ms, 0.5 px from 4 px/ms on.
///
/// - Complexity: O(1), no allocation.
public struct SignaturePadSettings: Sendable, Hashable {
  /// Smallest radius, px, > 0 (`minWidth`, default 0.5).
  public var minWidth: Double
  /// Radius at rest, and the cap of every curve stamp, px, > 0 (`maxWidth`, default 2.5).
  public var maxWidth: Double
  /// Radius of the dot stamped at a stroke's first sample, px, ≥ 0; 0 means
  /// `(minWidth + maxWidth) / 2` (`dotSize`, default 0).
  public var dotSize: Double
  /// A sample at distance ≤ this (inclusive) from the last kept point is dropped, px, ≥ 0
  /// (`minDistance`, default 5). Even 0 drops an exact repeat.
  public var minDistance: Double
  /// Weight of the newest segment's speed in the moving average of speeds, in (0, 1]
  /// (`velocityFilterWeight`, default 0.7).
  public var velocityFilterWeight: Double
  /// Throttle period for move samples, ms, ≥ 0; 0 disables it (`throttle`, default 16).
  public var throttle: Double

  public init(
    minWidth: Double, maxWidth: Double, dotSize: Double, minDistance: Double,
    velocityFilterWeight: Double, throttle: Double
  ) {
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.dotSize = dotSize
    self.minDistance = minDistance
    self.velocityFilterWeight = velocityFilterWeight
    self.throttle = throttle
  }

  /// signature_pad 5.1.3's defaults (`SignaturePad` constructor).
  public static let defaults = SignaturePadSettings(
    minWidth: 0.5, maxWidth: 2.5, dotSize: 0, minDistance: 5, velocityFilterWeight: 0.7,
    throttle: 16)

  /// sigbench's input-filter stage in front of the port (not part of the library): off by
  /// default; `filter=one-euro` smooths positions before the library sees them.
  public var prefilter = InputFilter.Settings(minDistance: 0)

  /// The option declarations, defaults taken from `defaults`: the library's, then the
  /// smoothing options of the input-filter stage.
  public static let parameters: [ParameterInfo] =
    libraryParameters + InputFilter.smoothingParameters

  /// The library's own options.
  static let libraryParameters: [ParameterInfo] = [
    .number(
      "min-width", unit: "px", 0, 50, lowerClosed: false, default: defaults.minWidth,
      typical: "0.5–1",
      help: "Smallest stamp radius (the line is twice as wide), reached at high pen speed."),
    .number(
      "max-width", unit: "px", 0, 50, lowerClosed: false, default: defaults.maxWidth,
      typical: "2–4", help: "Stamp radius at rest; also caps every curve stamp."),
    .number(
      "dot-size", unit: "px", 0, 50, default: defaults.dotSize, typical: "0 (mean width)–3",
      help: "Radius of the dot at a stroke's first sample; 0 uses (min-width + max-width)/2."),
    .number(
      "min-distance", unit: "px", 0, 100, default: defaults.minDistance, typical: "0–5",
      help: "Drop a sample at distance <= this from the last kept one (0 drops repeats)."),
    .number(
      "velocity-filter-weight", unit: "", 0, 1, lowerClosed: false,
      default: defaults.velocityFilterWeight, typical: "0.7",
      help: "Weight of the newest segment's speed in the moving average that sets the width."),
    .number(
      "throttle", unit: "ms", 0, 1000, default: defaults.throttle, typical: "0 (off)–16",
      help: "Hold move samples closer in time than this to the last processed one; the newest"
        + " held one is processed when the period ends or at pen-up."),
  ]

  /// Reads the declared options.
  public init(_ c: StrategyConfiguration) throws(StrategyError) {
    self.init(
      minWidth: c.number("min-width"), maxWidth: c.number("max-width"),
      dotSize: c.number("dot-size"), minDistance: c.number("min-distance"),
      velocityFilterWeight: c.number("velocity-filter-weight"), throttle: c.number("throttle"))
    prefilter = try InputFilter.Settings(c, smoothingOnly: true)
  }

  /// Radius of the first sample's dot, px (signature_pad 5.1.3, `SignaturePad._drawDot`).
  @inlinable public var dotRadius: Double { dotSize > 0 ? dotSize : (minWidth + maxWidth) / 2 }

  /// Radius a stroke's first curve starts with, px (signature_pad 5.1.3, `SignaturePad._reset`).
  @inlinable public var initialWidth: Double { (minWidth + maxWidth) / 2 }

  /// Radius for a filtered speed `v` in px/ms (≥ 0), px (signature_pad 5.1.3,
  /// `SignaturePad._strokeWidth`).
  @inlinable public func width(velocity v: Double) -> Double {
    max(maxWidth / (v + 1), minWidth)
  }
}
