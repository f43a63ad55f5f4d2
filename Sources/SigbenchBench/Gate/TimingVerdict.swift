import SigbenchResults

/// The timing rule: criterion.rs's verdict rule (p below the significance level, then the
/// interval of the change against a noise band) made stricter, with α applied after the
/// multiple-comparison correction:
/// - regressed: the corrected p-value is below α **and** the whole interval of head/base lies
///   above 1 + t;
/// - improved: p below α and the whole interval below 1 − t;
/// - no change: the whole interval lies inside [1 − t, 1 + t] (whatever p says: any change is
///   smaller than the threshold);
/// - inconclusive: anything else (the data cannot tell a change beyond t from none).
/// t is the effective relative threshold, max(relative, absolute / base median).
public enum TimingRule {
  public static func decide(
    pAdjusted: Double, alpha: Double, lower: Double, upper: Double, t: Double
  )
    -> Verdict
  {
    if pAdjusted < alpha && lower > 1 + t { return .regressed }
    if pAdjusted < alpha && upper < 1 - t { return .improved }
    if lower >= 1 - t && upper <= 1 + t { return .noChange }
    return .inconclusive
  }

  /// The effective relative threshold for a metric whose base median is `baseMedian` ns.
  public static func effective(_ th: MetricThreshold, baseMedian: Double) -> Double {
    guard baseMedian > 0 else { return th.relative }
    return max(th.relative, th.absoluteNs / baseMedian)
  }
}
