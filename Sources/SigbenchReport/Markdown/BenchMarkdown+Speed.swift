import SigbenchResults

extension BenchMarkdown {
  /// With processes at different speeds (`HarnessFloor.speedGroups`): the median of the main
  /// figures over the fast group and over the others, per strategy × lane, and their ratio.
  /// Empty otherwise, or when a figure was not measured in every process.
  static func bySpeed(_ r: BenchReport) -> String {
    typealias F = MarkdownFormat
    guard let timers = r.processTimers, let groups = HarnessFloor.speedGroups(timers),
      let values = r.perProcess
    else { return "" }
    var o = "### By process speed\n\n"
    o += "The processes ran at different speeds (see the warnings): the median of each figure "
    o += "over the \(groups.fast.count) processes whose floor is within "
    o += "\(HarnessFloor.unevenRatio)× of the fastest's, and over the other "
    o += "\(groups.others.count).\n\n"
    o += "| strategy | lane | figure | fast processes | others | others ÷ fast |\n"
    o += "|---|---|---|---|---|---|\n"
    var rows = 0
    for f in r.figures {
      for name in ["batched.p50", "steady.p50", "steady.p99"] {
        guard
          let v = values.first(where: {
            $0.strategy == f.strategy && $0.lane == f.lane && $0.figure == name
          })?.values, v.count == timers.count
        else { continue }
        guard let fast = Percentiles.median(groups.fast.map { v[$0] }),
          let others = Percentiles.median(groups.others.map { v[$0] })
        else { continue }
        o += "| \(F.cell(f.strategy)) | \(f.lane.rawValue) | \(name) | \(F.ns(fast)) "
        o += "| \(F.ns(others)) | \(F.ratio(fast > 0 ? others / fast : nil)) |\n"
        rows += 1
      }
    }
    return rows == 0 ? "" : o + "\n"
  }
}
