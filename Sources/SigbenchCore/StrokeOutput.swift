/// The caller-owned buffer a strategy writes into on every `push` and `finish`.
///
/// - `stable`: geometry that became final during this call. It is never revised later; the
///   stroke's final ink is the concatenation of every call's `stable`.
/// - `tentative`: the complete current tail that may still change, replacing the previous
///   call's tail. After `finish` it is empty.
///
/// `push(_:into:)` and `finish(into:)` clear both before the strategy writes, keeping the
/// storage, so a caller that reuses one `StrokeOutput` lets a strategy run allocation-free.
public struct StrokeOutput: Sendable {
  public var stable = InkGeometry()
  public var tentative = InkGeometry()

  public init() {}

  /// Reserves room in both parts (sizes in segments, outline elements and discs).
  public init(reservingSegments segments: Int, elements: Int, discs: Int) {
    stable.reserveCapacity(segments: segments, elements: elements, discs: discs)
    tentative.reserveCapacity(segments: segments, elements: elements, discs: discs)
  }

  /// Clears both parts, keeping storage.
  @inlinable public mutating func clear() {
    stable.removeAll()
    tentative.removeAll()
  }
}
