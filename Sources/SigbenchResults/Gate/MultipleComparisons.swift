/// Adjusted p-values for many simultaneous comparisons (every strategy × lane × metric of a
/// gate run), so that testing more metrics does not raise the chance of a false alarm.
///
/// - Benjamini–Hochberg (1995) controls the false discovery rate: sort p ascending, adjusted
///   p(i) = min over k ≥ i of p(k) · m / k, capped at 1. The gate's default, with α = 0.01
///   applied to the adjusted values.
/// - Holm (1979) controls the family-wise error rate: adjusted p(i) = max over k ≤ i of
///   p(k) · (m − k + 1), capped at 1. Stricter; selectable.
///
/// Recorded in `GateSettings`; the gate applies it (`adjust`, in SigbenchBench).
public enum MultipleComparisons: String, Codable, Sendable, CaseIterable {
  case benjaminiHochberg = "benjamini-hochberg"
  case holm = "holm"
}
