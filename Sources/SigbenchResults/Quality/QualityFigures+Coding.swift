import SigbenchCore

extension QualityFigures: Codable {
  /// A key of the flat object a `QualityFigures` is stored as: one of the fixed properties'
  /// names, or a metric's `key`.
  struct FigureKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// Reads the flat object: the counts (required) and the other fixed properties by name, each catalog metric by its `key`
  /// (absent is "n/a"); keys it does not know are ignored, as they always were.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: FigureKey.self)
    self.init()
    for (name, path) in Self.counts {
      self[keyPath: path] = try c.decode(Int.self, forKey: .init(name))
    }
    predictions = try c.decodeIfPresent(Int.self, forKey: .init("predictions"))
    scoredPredictions = try c.decodeIfPresent(Int.self, forKey: .init("scoredPredictions"))
    reference = try c.decodeIfPresent(AccuracyReference.self, forKey: .init("reference"))
    pressure = try c.decodeIfPresent(PressureCredibility.self, forKey: .init("pressure"))
    inkLength = try c.decodeIfPresent(Double.self, forKey: .init("inkLength"))
    churnMax = try c.decodeIfPresent(Double.self, forKey: .init("churnMax"))
    for metric in QualityMetric.catalog {
      self[metric] = try c.decodeIfPresent(Double.self, forKey: .init(metric.key))
    }
  }

  /// Writes the flat object `init(from:)` reads; figures that are n/a are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: FigureKey.self)
    for (name, path) in Self.counts { try c.encode(self[keyPath: path], forKey: .init(name)) }
    try c.encodeIfPresent(predictions, forKey: .init("predictions"))
    try c.encodeIfPresent(scoredPredictions, forKey: .init("scoredPredictions"))
    try c.encodeIfPresent(reference, forKey: .init("reference"))
    try c.encodeIfPresent(pressure, forKey: .init("pressure"))
    try c.encodeIfPresent(inkLength, forKey: .init("inkLength"))
    try c.encodeIfPresent(churnMax, forKey: .init("churnMax"))
    for metric in QualityMetric.catalog {
      try c.encodeIfPresent(self[metric], forKey: .init(metric.key))
    }
  }
}
