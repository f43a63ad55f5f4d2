import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The work that follows each `push` inside a timed step: the lane's part of the pipeline.
/// Generic (not an existential) so each lane's loop is specialised and pays no dispatch.
protocol LaneStep {
  /// `output` is `inout` only so the sink can take its address without a copy; it is not
  /// changed.
  mutating func after(_ output: inout StrokeOutput)
}

/// `smooth` lane: nothing but the opaque sink, which forces the strategy's output to exist.
struct SinkStep: LaneStep {
  @inline(__always) mutating func after(_ output: inout StrokeOutput) {
    OutputSink.consume(&output)
  }
}

/// `smooth+raster` lane: the capture view's incremental canvas update for this output.
struct RasterStep: LaneStep {
  var canvas: IncrementalCanvas
  @inline(__always) mutating func after(_ output: inout StrokeOutput) {
    canvas.apply(output)
    OutputSink.consume(&output)
  }
}

/// Hands a `StrokeOutput` to the opaque C sink so the optimizer must build it (an empty
/// `@inline(never)` Swift sink is not enough: release builds delete the work). One call with
/// the value's address: every array it references escapes to C through it, so every element
/// written must exist, at one call per push instead of one per array.
enum OutputSink {
  @inline(__always) static func consume(_ output: inout StrokeOutput) {
    withUnsafeMutablePointer(to: &output) { BlackHole.consume(pointer: UnsafeRawPointer($0)) }
  }
}
