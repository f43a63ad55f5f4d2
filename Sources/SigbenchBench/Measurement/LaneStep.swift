import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The work that follows each `push` inside a timed step: the lane's part of the pipeline.
/// Generic (not an existential) so each lane's loop is specialised and pays no dispatch.
protocol LaneStep {
  mutating func after(_ output: StrokeOutput)
}

/// `smooth` lane: nothing but the opaque sink, which forces the strategy's output to exist.
struct SinkStep: LaneStep {
  @inline(__always) mutating func after(_ output: StrokeOutput) { OutputSink.consume(output) }
}

/// `smooth+raster` lane: the capture view's incremental canvas update for this output.
struct RasterStep: LaneStep {
  var canvas: IncrementalCanvas
  @inline(__always) mutating func after(_ output: StrokeOutput) {
    canvas.apply(output)
    OutputSink.consume(output)
  }
}

/// Hands a `StrokeOutput`'s storage to the opaque C sink so the optimizer must build it
/// (an empty `@inline(never)` Swift sink is not enough: release builds delete the work).
enum OutputSink {
  @inline(__always) static func consume(_ output: StrokeOutput) {
    output.stable.outline.withUnsafeBufferPointer { BlackHole.consume(pointer: $0.baseAddress) }
    output.stable.centerline.withUnsafeBufferPointer {
      BlackHole.consume(pointer: $0.baseAddress)
    }
    output.tentative.outline.withUnsafeBufferPointer {
      BlackHole.consume(pointer: $0.baseAddress)
    }
    BlackHole.consume(
      UInt64(
        output.stable.discs.count &+ output.tentative.centerline.count
          &+ output.tentative.discs.count &+ output.stable.outline.count))
  }
}
