/// The caller-owned buffer a strategy writes into on every `push` and `finish`.
///
/// - `stable`: geometry that became final during this call. It is never revised later; the
///   stroke's final ink is the concatenation of every call's `stable`.
/// - `tentative`: the complete current tail that may still change, replacing the previous
///   call's tail. After `finish` it is empty.
///
/// - `prediction`: where a strategy that draws ahead of the input expects the pen to be, and
///   when; `nil` for strategies that do not predict. Measured against the samples that
///   arrive later.
///
/// `push(_:into:)` and `finish(into:)` clear both before the strategy writes, keeping the
/// storage, so a caller that reuses one `StrokeOutput` lets a strategy run allocation-free.
public struct StrokeOutput: Sendable {
  public var stable = InkGeometry()
  public var tentative = InkGeometry()
  public var prediction: PenPrediction?

  public init() {}

  /// Reserves room in both parts (sizes in segments, outline elements and discs; as many bands
  /// and stamp runs as segments).
  public init(reservingSegments segments: Int, elements: Int, discs: Int) {
    stable.reserveCapacity(
      segments: segments, elements: elements, discs: discs, bands: segments, stamps: segments)
    tentative.reserveCapacity(
      segments: segments, elements: elements, discs: discs, bands: segments, stamps: segments)
  }

  /// Clears both parts, keeping storage.
  @inlinable public mutating func clear() {
    stable.removeAll()
    tentative.removeAll()
    prediction = nil
  }
}

/// A predicted pen position: where (CSS px, the drawing's coordinates) and when (seconds from
/// the drawing's start, the time base of `Sample.time`).
public struct PenPrediction: Sendable, Hashable {
  public var point: Point
  public var time: Double

  public init(point: Point, time: Double) {
    self.point = point
    self.time = time
  }
}
