import Foundation
import SigbenchCore

/// Predicts where the pen will be a short interval ahead, in the manner of the Kalman
/// predictor of Google's Ink Stroke Modeler (google/ink-stroke-modeler, README "Prediction"):
/// one Kalman filter per axis over position, velocity, acceleration and jerk, extrapolated with
/// the acceleration and jerk terms weighted down, and the result scaled by a confidence.
///
/// This follows that published description, not its code; the constants it does not give are
/// chosen here:
/// - model: constant jerk, F = [[1, Δt, Δt²/2, Δt³/6], [0, 1, Δt, Δt²/2], [0, 0, 1, Δt],
///   [0, 0, 0, 1]]; process noise only on jerk, Q = diag(0, 0, 0, q·Δt) (a random walk of
///   jerk with spectral density q, px²/s⁷); measurement of position with variance r (px²);
/// - start: position = first sample, velocity, acceleration and jerk 0 with variances
///   (10³ px/s)², (10⁴ px/s²)², (10⁶ px/s³)², the scales of handwriting;
/// - prediction over τ: x + v·τ + w_a·a·τ²/2 + w_j·j·τ³/6 with w_a 0.5 and w_j 0.1 (the
///   published acceleration and jerk weights);
/// - confidence c, the product of three factors in [0, 1]: samples seen / 20 (the published
///   sample count); travel speed, (|v| − 10) / (60 − 10) px/s clamped (no prediction while
///   the pen nearly rests, where the estimate is all noise); linearity, 1 / (1 + e / 2 px) for
///   e the length of the acceleration and jerk terms (a prediction that bends a lot is
///   trusted less). The predicted point is the filtered position plus c times the predicted
///   motion.
///
/// - Complexity: O(1) per sample (two 4 × 4 filters), no allocation.
struct KalmanPredictor: Sendable {
  /// One axis: state (position, velocity, acceleration, jerk) and its covariance (row-major).
  struct Axis: Sendable {
    var x = InlineArray<4, Double>(repeating: 0)
    var p = InlineArray<16, Double>(repeating: 0)

    init(_ z: Double, measurementNoise r: Double) {
      x[0] = z
      p[0] = r
      p[5] = 1e6
      p[10] = 1e8
      p[15] = 1e12
    }

    /// Advances by `dt` seconds, then corrects with measurement `z`.
    mutating func update(
      _ z: Double, dt: Double, processNoise q: Double, measurementNoise r: Double
    ) {
      if dt > 0 {
        var f = InlineArray<16, Double>(repeating: 0)
        let d2 = dt * dt / 2
        let d3 = dt * dt * dt / 6
        f[0] = 1
        f[1] = dt
        f[2] = d2
        f[3] = d3
        f[5] = 1
        f[6] = dt
        f[7] = d2
        f[10] = 1
        f[11] = dt
        f[15] = 1
        var nx = InlineArray<4, Double>(repeating: 0)
        for i in 0..<4 {
          var s = 0.0
          for k in i..<4 { s += f[i * 4 + k] * x[k] }
          nx[i] = s
        }
        x = nx
        // P ← F P Fᵀ + Q.
        var fp = InlineArray<16, Double>(repeating: 0)
        for i in 0..<4 {
          for j in 0..<4 {
            var s = 0.0
            for k in i..<4 { s += f[i * 4 + k] * p[k * 4 + j] }
            fp[i * 4 + j] = s
          }
        }
        for i in 0..<4 {
          for j in 0..<4 {
            var s = 0.0
            for k in j..<4 { s += fp[i * 4 + k] * f[j * 4 + k] }
            p[i * 4 + j] = s
          }
        }
        p[15] += q * dt
      }
      let s = p[0] + r
      let y = z - x[0]
      var gain = InlineArray<4, Double>(repeating: 0)
      for i in 0..<4 { gain[i] = p[i * 4] / s }
      for i in 0..<4 { x[i] += gain[i] * y }
      // P ← (I − K H) P; H picks the position, so row 0 of P is subtracted K-weighted.
      var row = InlineArray<4, Double>(repeating: 0)
      for j in 0..<4 { row[j] = p[j] }
      for i in 0..<4 {
        for j in 0..<4 { p[i * 4 + j] -= gain[i] * row[j] }
      }
    }
  }

  static let accelerationWeight = 0.5
  static let jerkWeight = 0.1
  static let fullConfidenceSamples = 20.0
  static let restingSpeed = 10.0
  static let movingSpeed = 60.0
  static let bendScale = 2.0

  let processNoise: Double
  let measurementNoise: Double
  private var ax = Axis(0, measurementNoise: 1)
  private var ay = Axis(0, measurementNoise: 1)
  private var samples = 0
  private var lastTime = 0.0

  init(processNoise: Double, measurementNoise: Double) {
    self.processNoise = processNoise
    self.measurementNoise = measurementNoise
  }

  /// Takes the sample at `p`, `time` s.
  mutating func observe(_ p: Point, time: Double) {
    samples += 1
    guard samples > 1 else {
      ax = Axis(p.x, measurementNoise: measurementNoise)
      ay = Axis(p.y, measurementNoise: measurementNoise)
      lastTime = time
      return
    }
    let dt = max(0, time - lastTime)
    lastTime = time
    ax.update(p.x, dt: dt, processNoise: processNoise, measurementNoise: measurementNoise)
    ay.update(p.y, dt: dt, processNoise: processNoise, measurementNoise: measurementNoise)
  }

  /// The predicted pen position `tau` s after the last sample, or `nil` before two samples
  /// (one sample says nothing about motion).
  func predict(ahead tau: Double) -> Point? {
    guard samples > 1 else { return nil }
    let x = ax
    let position = Point(x: x.x[0], y: ay.x[0])
    let velocity = Point(x: x.x[1], y: ay.x[1])
    let linear = velocity * tau
    let bend =
      Point(x: x.x[2], y: ay.x[2]) * (KalmanPredictor.accelerationWeight * tau * tau / 2)
      + Point(x: x.x[3], y: ay.x[3]) * (KalmanPredictor.jerkWeight * tau * tau * tau / 6)
    let count = min(1, Double(samples) / KalmanPredictor.fullConfidenceSamples)
    let speed = min(
      1,
      max(
        0,
        (velocity.length - KalmanPredictor.restingSpeed)
          / (KalmanPredictor.movingSpeed - KalmanPredictor.restingSpeed)))
    let linearity = 1 / (1 + bend.length / KalmanPredictor.bendScale)
    let confidence = count * speed * linearity
    return position + (linear + bend) * confidence
  }
}
