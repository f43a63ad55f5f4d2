import SigbenchTestSupport
import Testing

@testable import SigbenchRender

/// `DecimalText.length` counts exactly the bytes `format` writes (the SVG size metric counts
/// without writing), at the 3 decimals of coordinates (its own fast path) and at others.
@Test func decimalTextLengthEqualsFormattedLength() {
  let seed = propertySeed()
  print("decimalTextLengthEqualsFormattedLength: SIGBENCH_SEED=\(seed)")
  var rng = SplitMix64(seed: seed)
  var values: [Double] = [
    0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 0.001, 0.01, 0.1, 1, 10, 0.5, 999.9995,
    -999.9995, 123.456, 100.1, 100.01, 1e12, -1e12, 8.9e12, 9.1e12, 1e300, -1e-300,
    .infinity, .nan, 400_000, -400_000.125,
  ]
  for _ in 0..<20_000 {
    let magnitude = [1e-4, 1, 1e3, 1e6, 1e12][rng.int(in: 0...4)]
    values.append(rng.double(in: -1...1) * magnitude)
    values.append(Double(rng.int(in: -100_000...100_000)) / [1, 10, 100, 1000][rng.int(in: 0...3)])
  }
  for v in values {
    for decimals in [3, 4, 2, 0] {
      #expect(
        DecimalText.length(v, decimals: decimals)
          == DecimalText.format(v, decimals: decimals).utf8.count,
        "\(v) at \(decimals) decimals")
    }
  }
}

/// The integer rounding of the 3-decimal count (no libm `round`) at every tie and its
/// neighbours, and at the exponent-form guard (|v·1000| near 9e15).
@Test func decimalTextLength3AtTiesAndGuard() {
  var values: [Double] = [9e12, -9e12, 8.999999999999999e12, 4.503599627370496e12, 2.5e-3]
  for k in stride(from: -3000, through: 3000, by: 1) {
    let tie = (Double(k) + 0.5) / 1000
    values += [tie, tie.nextUp, tie.nextDown, Double(k) / 1000]
  }
  values += values.map { $0 * 1e9 } + values.map { $0 * 0.999_999_9 }
  for v in values {
    #expect(
      DecimalText.length(v, decimals: 3) == DecimalText.format(v, decimals: 3).utf8.count, "\(v)")
  }
}
