/// The synthetic generators: what a motion imitates.
public enum MotionKind: String, Hashable, Sendable, CaseIterable {
  /// A signature: one or two cursive name parts, maybe a dot or tick, maybe an underline
  /// flourish (`SignatureGenerator`).
  case signature
  /// A line of handwriting: four to six cursive words with i-dots and t-bars
  /// (`HandwritingGenerator`).
  case handwriting

  /// The motion this generator makes from `seed` (deterministic).
  public func motion(id: String, seed: UInt64) -> Motion {
    switch self {
    case .signature: return SignatureGenerator.motion(id: id, seed: seed)
    case .handwriting: return HandwritingGenerator.motion(id: id, seed: seed)
    }
  }
}
