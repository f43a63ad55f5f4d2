import SigbenchArguments

/// `--lane` and `--metric`: which stored figures a command addresses (`baseline ack`,
/// `history show|steps|report`); `--strategy` (`StrategyOptions`) names the strategy.
enum FigureOptions {
  static let lane = Option.text(
    "lane", value: "LANE", help: "One lane: smooth or smooth+raster (history also has quality)."
  ).defaultNote("every lane")
  static let metric = Option.text(
    "metric", value: "NAME",
    help: "One metric, e.g. batch-p50, p99, instructions/point or accuracy-mean."
  ).defaultNote("every metric")
}
