import SigbenchCore

/// A motion as a digitizer recorded it: the drawing (what the files store) and, per stroke and
/// sample, what the file has no place for: the true capture instant, the exact position before
/// noise, grid and rounding, and the true speed. For tests and in-memory checks.
public struct SampledMotion: Hashable, Sendable {
  /// The recording, with the motion's ground truth and `synth key=value` notes.
  public var drawing: Drawing
  /// True capture instants (before timestamp jitter), s; `[stroke][sample]`.
  public var captureTimes: [[Double]]
  /// Exact pen-tip positions at the capture instants (before noise, grid, rounding), px.
  public var truePositions: [[Point]]
  /// True pen-tip speed at the capture instants, px/s.
  public var trueSpeeds: [[Double]]
}
