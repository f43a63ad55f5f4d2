import Foundation
import SigbenchCore

/// One option a tuner searches: its bounds, its spacing and where they come from. Position
/// u ∈ [0, 1] maps to a value linearly or on a log scale; values are rounded to 4 significant
/// digits (whole numbers for an integer option) so the labels stay readable, and the search
/// evaluates the rounded value.
public struct TuneDimension: Sendable, Hashable {
  public let option: String
  public let low: Double
  public let high: Double
  public let logarithmic: Bool
  public let integer: Bool
  /// "typical range 0.5–5" (the option table) or "--over".
  public let source: String

  /// The value at position `u` (clamped into [0, 1]).
  public func value(at u: Double) -> Double {
    let t = min(1, max(0, u))
    let v = logarithmic ? exp(log(low) + t * (log(high) - log(low))) : low + t * (high - low)
    if integer { return v.rounded() }
    return Self.significant(v, digits: 4)
  }

  /// The position of `v` (clamped into [0, 1]).
  public func position(of v: Double) -> Double {
    let t = logarithmic ? (log(v) - log(low)) / (log(high) - log(low)) : (v - low) / (high - low)
    return t.isFinite ? min(1, max(0, t)) : 0.5
  }

  /// `v` rounded to `digits` significant digits (0 stays 0).
  static func significant(_ v: Double, digits: Int) -> Double {
    guard v != 0, v.isFinite else { return v }
    let scale = pow(10, Double(digits) - (log10(abs(v))).rounded(.down) - 1)
    return (v * scale).rounded() / scale
  }

  /// The dimensions `--over` names (`a,b=0..1,c=log:0.001..0.1`) for `spec`'s strategy:
  /// bounds from `OPT=LO..HI` (linear, or `log:` spaced), else the option's typical range
  /// (log-spaced when both ends are above 0 and span a factor of 10 or more, else linear).
  /// Refused: an unknown or choice option, an option named twice, bounds outside the option's
  /// range or not increasing, `log:` with a bound ≤ 0, an option without a typical range and
  /// without bounds, and an option without effect in `spec` (`ParameterInfo.activeWhen`).
  public static func parse(_ text: String, spec: StrategySpec, descriptor: StrategyDescriptor)
    throws(StrategyError) -> [TuneDimension]
  {
    func refuse(_ option: String?, _ message: String) -> StrategyError {
      .invalidSweep(spec: spec.text, option: option, message: message)
    }
    var dims: [TuneDimension] = []
    for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      guard let info = descriptor.parameter(named: name) else {
        throw .unknownOption(
          strategy: descriptor.id, option: name,
          suggestion: closestMatch(to: name, in: descriptor.parameters.map(\.name)),
          known: descriptor.parameters.map(\.name))
      }
      guard !dims.contains(where: { $0.option == name }) else {
        throw refuse(name, "is named twice in --over")
      }
      let integer: Bool
      switch info.domain {
      case .choice: throw refuse(name, "is a choice: sweep it with a list (a|b), not a tuner")
      case .integer: integer = true
      case .number: integer = false
      }
      var low: Double
      var high: Double
      var logarithmic: Bool
      var source: String
      if parts.count == 2 {
        var bounds = parts[1]
        logarithmic = bounds.hasPrefix("log:")
        if logarithmic { bounds.removeFirst(4) }
        let ends = bounds.components(separatedBy: "..")
        guard ends.count == 2, let lo = Double(ends[0]), let hi = Double(ends[1]) else {
          throw refuse(name, "bounds must read LO..HI or log:LO..HI; got '\(parts[1])'")
        }
        (low, high, source) = (lo, hi, "--over")
      } else {
        guard let (lo, hi) = typicalRange(info.typical) else {
          throw refuse(
            name,
            "declares no typical range (typical: '\(info.typical)'); give \(name)=LO..HI in --over"
          )
        }
        (low, high, source) = (lo, hi, "typical range \(info.typical)")
        logarithmic = lo > 0 && hi / lo >= 10
      }
      guard low < high else { throw refuse(name, "needs LO below HI; got \(low)..\(high)") }
      guard !logarithmic || low > 0 else {
        throw refuse(name, "log spacing needs bounds above 0; got \(low)..\(high)")
      }
      for v in [low, high] { _ = try info.parse(ParameterValue.format(v), strategy: descriptor.id) }
      dims.append(
        TuneDimension(
          option: name, low: low, high: high, logarithmic: logarithmic, integer: integer,
          source: source))
    }
    guard !dims.isEmpty else { throw refuse(nil, "--over names no option") }
    // Every searched option must act in the configuration the spec fixes.
    for d in dims {
      if let why = descriptor.inertReason(d.option, at: spec) { throw refuse(d.option, why) }
    }
    return dims
  }

  /// `LO–HI` from an option table's typical text (`0.5–5`, `0 (keep all)–2`), else nil.
  static func typicalRange(_ text: String) -> (Double, Double)? {
    var plain = ""
    var depth = 0
    for c in text {
      if c == "(" {
        depth += 1
      } else if c == ")" {
        depth -= 1
      } else if depth == 0 {
        plain.append(c)
      }
    }
    let ends = plain.components(separatedBy: "–").map { $0.trimmingCharacters(in: .whitespaces) }
    guard ends.count == 2, let lo = Double(ends[0]), let hi = Double(ends[1]), lo < hi else {
      return nil
    }
    return (lo, hi)
  }
}
