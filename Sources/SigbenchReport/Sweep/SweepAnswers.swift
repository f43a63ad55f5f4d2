import SigbenchResults

/// The best configuration of a sweep per question: the verdict's questions and tie rule
/// (`RunVerdict`) over the sweep's configurations and the default, plus the lowest
/// smooth-lane batched p50; a table with each best spec ready to copy, and their ink beside
/// the default's.
enum SweepAnswers {
  static func of(_ f: SweepFigures) -> [RunVerdict.Answer] {
    let reference = f.labels.contains(ByConstruction.referenceID) ? ByConstruction.referenceID : nil
    var answers: [RunVerdict.Answer] = []
    for (id, question, metric) in RunVerdict.qualityQuestions {
      if let a = RunVerdict.qualityAnswer(
        id: id, question: question, metric: metric, labels: f.labels,
        values: f.labels.map { f.value(metric, $0) }, reference: reference)
      {
        answers.append(a)
      }
    }
    let timed = f.labels.compactMap { l in f.p50[l].map { (label: l, p50: $0) } }
    if let best = timed.min(by: { ($0.p50, $0.label) < ($1.p50, $1.label) }) {
      // Within 5 % of the fastest: one timing run cannot tell them apart.
      let leaders = timed.filter { $0.p50 <= best.p50 * 1.05 }.sorted {
        ($0.p50, $0.label) < ($1.p50, $1.label)
      }
      answers.append(
        RunVerdict.Answer(
          id: "latency-smooth", question: "Lowest latency per point (smoothing alone)",
          measure: (f.roundTrip ? "round-trip p50 per push" : "batched p50 per point (smooth lane)")
            + ", ns, lower is better; within 5 % tied",
          leaders: leaders.map {
            RunVerdict.Entry(strategy: $0.label, value: $0.p50, text: formatNanoseconds($0.p50))
          }, byConstruction: [], measured: timed.count))
    }
    return answers
  }

  /// The quality metric that answers `a`, `nil` for the latency question.
  static func metric(of a: RunVerdict.Answer) -> QualityMetric? {
    RunVerdict.qualityQuestions.first { $0.0 == a.id }?.2
  }

  /// The best configurations per question: the spec to copy, its value, the default's value.
  static func table(_ answers: [RunVerdict.Answer], _ f: SweepFigures) -> String {
    guard !answers.isEmpty else { return "" }
    var h = "<div class=\"scroll\"><table class=\"sortable\">\n<thead><tr><th>question</th>"
    h += "<th>best configuration (a spec to copy)</th><th>value</th><th>default's value</th>"
    h += "<th>tied</th></tr></thead>\n<tbody>\n"
    for a in answers {
      guard let best = a.best else { continue }
      let metric = SweepAnswers.metric(of: a)
      let defaultValue: String
      if let metric {
        defaultValue = QualityFormat.value(metric, f.value(metric, f.sweep.defaultLabel))
      } else {
        defaultValue = f.p50[f.sweep.defaultLabel].map(formatNanoseconds) ?? "n/a"
      }
      h += "<tr><td>\(escapeHTML(a.question))<br><small>\(escapeHTML(a.measure))</small></td>"
      h += "<td><code>\(escapeHTML(best.strategy))</code>"
      h += best.strategy == f.sweep.defaultLabel ? " (the default)" : ""
      h += "</td><td>\(escapeHTML(best.text))</td><td>\(escapeHTML(defaultValue))</td>"
      h += "<td>\(a.tied.count)</td></tr>\n"
    }
    return h + "</tbody>\n</table></div>\n"
  }

  /// For each quality question the default does not lead (alone or tied): the two drawings
  /// the default scores worst on, the default's ink beside the best's.
  static func pictures(_ answers: [RunVerdict.Answer], _ f: SweepFigures, run r: RunResult)
    -> String
  {
    var h = ""
    for a in answers {
      guard let best = a.best?.strategy,
        !a.leaders.contains(where: { $0.strategy == f.sweep.defaultLabel }),
        let metric = SweepAnswers.metric(of: a)
      else { continue }
      let scored = r.samples.compactMap { s -> (SampleEntry, Double)? in
        guard let v = s.page?.quality?[f.sweep.defaultLabel].flatMap({ metric.value(in: $0) }),
          s.images[best] != nil, s.images[f.sweep.defaultLabel] != nil
        else { return nil }
        return (s, v)
      }
      // Worst first: the values the metric ranks last.
      let worst = scored.sorted { metric.isBetter($1.1, than: $0.1) }.prefix(2)
      guard !worst.isEmpty else { continue }
      h += "<h4>\(escapeHTML(a.question)): <code>\(escapeHTML(best))</code> against the default"
      h += "</h4>\n<div class=\"gallery inks\">\n"
      for (s, _) in worst {
        for label in [f.sweep.defaultLabel, best] {
          let value = QualityFormat.value(
            metric, s.page?.quality?[label].flatMap { metric.value(in: $0) })
          h += "<figure><img src=\"\(escapeHTML(s.images[label]!))\" alt=\"\(escapeHTML(label)) on "
          h += "\(escapeHTML(s.name))\" loading=\"lazy\"><figcaption>\(escapeHTML(s.name)): "
          h += "<code>\(escapeHTML(f.display(label)))</code>, \(escapeHTML(value))</figcaption>"
          h += "</figure>\n"
        }
      }
      h += "</div>\n"
    }
    if h.isEmpty, r.samples.allSatisfy({ $0.images.isEmpty }) {
      return "<p>No pictures: the run drew none (<code>--no-render</code>).</p>\n"
    }
    return h
  }
}
