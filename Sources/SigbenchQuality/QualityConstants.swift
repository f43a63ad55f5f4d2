/// The constants every quality metric is defined with, in CSS px and degrees. They are part of
/// the metrics' definitions (`QualityMetric.catalog` quotes them), so changing one changes
/// what a figure means and needs a new baseline.
public enum QualityConstants {
  /// Arc-length step at which ink and reference are sampled for accuracy, px. Each point then
  /// stands for 1 px of curve, so means and percentiles are per unit length. (0.5 px gave the
  /// same accuracy figures within 0.5 % on Corpus/synthetic and cost twice as much.)
  public static let measurementSpacing = 1.0
  /// Largest gap between the points a previous tentative tail is sampled at for churn, px.
  public static let churnSpacing = 0.5
  /// Largest distance between a centreline cubic and the chords that stand for it, px. The
  /// chord count n of a cubic P₀…P₃ is ⌈√(3M / (4·tolerance))⌉ with M the larger of
  /// |P₀ − 2P₁ + P₂| and |P₁ − 2P₂ + P₃|: the chord error is at most |B″|max / (8n²) and
  /// |B″| ≤ 6M.
  public static let flatteningTolerance = 0.005
  /// Most chords per cubic (bounds the work for a huge, badly formed segment).
  public static let maximumChordsPerSegment = 4096
  /// Arc-length step of the curvature-variation energy, px.
  public static let curvatureSpacing = 1.0
  /// A true corner: the reference turns by more than this many degrees …
  public static let cornerTurnDegrees = 30.0
  /// … within this much arc length, px.
  public static let cornerArc = 2.0
  /// A join is at a true corner when it lies within this distance of a corner point, px.
  public static let cornerJoinRadius = 2.0
  /// Projection of a sample onto the final centreline: parts of the centreline within this
  /// distance of the nearest one are equally near (a self-crossing or a hairpin), px; among
  /// them the one continuing from the previous sample's projection is taken.
  public static let crossingTolerance = 1.0
  /// Segments with a control polygon shorter than this have no direction and are skipped
  /// when measuring turns at joins, px.
  public static let degenerateLength = 1e-9
  /// The stable centreline has reached a projection when its arc length is within this of
  /// the projection's, px (absorbs rounding in summed arc lengths).
  public static let arcTolerance = 1e-6
}
