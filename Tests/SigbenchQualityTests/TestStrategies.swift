import SigbenchCore

/// A polyline whose newest segment stays tentative until the next sample arrives: one
/// segment of look-ahead. The start dot becomes stable with the first segment's tail (push
/// 1), so every sample waits exactly one call for its final ink.
struct TentativeTailPolyline: SmoothingStrategy {
  typealias Settings = Double

  static let descriptor = StrategyDescriptor(
    id: "test-tentative-tail", summary: "Polyline with a one-segment tentative tail.",
    details: "Test only.", parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Double { 2 }

  let width: Double
  var previous: Point?
  var current: Point?

  init(settings: Double) { width = settings }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    if let p = previous, let c = current {
      output.stable.append(.line(p, c, startWidth: width, endWidth: width))
    } else if let c = current {
      output.stable.append(Disc(center: c, radius: width / 2))
    }
    previous = current
    current = sample.point
    writeTail(into: &output.tentative)
  }

  mutating func complete(into output: inout StrokeOutput) {
    if previous == nil, let c = current {
      output.stable.append(Disc(center: c, radius: width / 2))
    }
    writeTail(into: &output.stable)
  }

  func writeTail(into geometry: inout InkGeometry) {
    guard let c = current else { return }
    if let p = previous {
      geometry.append(.line(p, c, startWidth: width, endWidth: width))
    } else {
      geometry.append(Disc(center: c, radius: width / 2))
    }
  }
}

/// A polyline through the samples, stable at once, whose last segment stops `settings` px
/// short of the last sample (the end gap of signature_pad 5.1.3's missing final curve, made
/// exact).
struct ShortEndPolyline: SmoothingStrategy {
  typealias Settings = Double

  static let descriptor = StrategyDescriptor(
    id: "test-short-end", summary: "Polyline that stops short.", details: "Test only.",
    parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Double { 5 }

  let shortfall: Double
  var points: [Point] = []

  init(settings: Double) { shortfall = settings }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    points.append(sample.point)
  }

  mutating func complete(into output: inout StrokeOutput) {
    guard points.count > 1 else { return }
    for i in 1..<points.count {
      var b = points[i]
      if i == points.count - 1 {
        let d = points[i] - points[i - 1]
        b = points[i] - d / d.length * shortfall
      }
      output.stable.append(.line(points[i - 1], b, startWidth: 2, endWidth: 2))
    }
  }
}

/// A polyline through the samples, stable at once, drawn with the sample's pressure times 4
/// as its width (1 px without pressure).
struct PressureWidthPolyline: SmoothingStrategy {
  typealias Settings = Double

  static let descriptor = StrategyDescriptor(
    id: "test-pressure-width", summary: "Polyline, width from pressure.", details: "Test only.",
    parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Double { 4 }

  let scale: Double
  var previous: (Point, Double)?

  init(settings: Double) { scale = settings }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    let w = (sample.pressure ?? 0.25) * scale
    if let (p, pw) = previous {
      output.stable.append(.line(p, sample.point, startWidth: pw, endWidth: w))
    }
    previous = (sample.point, w)
  }

  mutating func complete(into output: inout StrokeOutput) {}
}

/// A polyline stable at once, with a tentative prediction: the segment from the newest
/// sample one step further along the last step (linear extrapolation). `finish` drops it.
struct PredictingPolyline: SmoothingStrategy {
  typealias Settings = Double

  static let descriptor = StrategyDescriptor(
    id: "test-predicting", summary: "Polyline with a predicted tail.", details: "Test only.",
    parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Double { 2 }

  let width: Double
  var previous: Point?

  init(settings: Double) { width = settings }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    let p = sample.point
    if let a = previous {
      output.stable.append(.line(a, p, startWidth: width, endWidth: width))
      output.tentative.append(.line(p, p + (p - a), startWidth: width, endWidth: width))
    } else {
      output.stable.append(Disc(center: p, radius: width / 2))
    }
    previous = p
  }

  mutating func complete(into output: inout StrokeOutput) {}
}

/// A configured test strategy of type `S` with its default options.
func configured<S: SmoothingStrategy>(_ type: S.Type) -> ConfiguredStrategy {
  try! StrategyEntry.of(type).configure(StrategySpec(id: type.descriptor.id))
}
