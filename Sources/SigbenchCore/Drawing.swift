/// One file's worth of strokes (for example one signature), in the internal units.
///
/// Ink strokes are pen-down traces; hover traces (pen up, in the air) are kept apart in
/// `hover` so no strategy ever draws them. `groundTruth`, when present, is the dense true
/// centreline the samples were taken from; strategies never see it, metrics compare with it.
public struct Drawing: Hashable, Codable, Sendable {
  /// Identifier within a corpus: the file's path relative to the corpus root, plus `#N` when a
  /// file holds several drawings.
  public var name: String
  public var strokes: [Stroke]
  public var hover: [Stroke]
  public var metadata: DrawingMetadata
  public var groundTruth: GroundTruth?

  public init(
    name: String, strokes: [Stroke], hover: [Stroke] = [], metadata: DrawingMetadata = .init(),
    groundTruth: GroundTruth? = nil
  ) {
    self.name = name
    self.strokes = strokes
    self.hover = hover
    self.metadata = metadata
    self.groundTruth = groundTruth
  }

  /// Number of ink samples over all strokes.
  public var sampleCount: Int { strokes.reduce(0) { $0 + $1.samples.count } }
  /// True when every ink sample has a time.
  public var isTimed: Bool { !strokes.isEmpty && strokes.allSatisfy(\.isTimed) }

  /// Axis-aligned bounds of the ink samples (hover excluded); `nil` when there are none.
  public var bounds: Rect? {
    var r: Rect?
    for s in strokes {
      for p in s.samples {
        r = r.map { $0.including(p.point) } ?? Rect(origin: p.point, size: .zero)
      }
    }
    return r
  }
}
