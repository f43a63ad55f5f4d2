import SigbenchBench
import SigbenchReport

/// The report target's page generators, under names that do not clash with CLI types.
enum IndexPageHTML {
  static func render(_ r: RunResult) -> String { IndexPage.render(r) }
}

enum SamplePageHTML {
  static func render(_ r: RunResult, _ s: SampleEntry) -> String? {
    SamplePage.render(r, sample: s)
  }
}
