import SigbenchCore

/// The strokes of one benchmark item, packed: positions, time and pressure as parallel `Double`
/// arrays (32 bytes a sample at most; a channel no sample has takes none), stroke ends apart.
/// The timing replays exactly the values it was given (`nil` is stored as NaN, which the
/// sample rules never let through); tilt and azimuth, which no strategy reads, are dropped.
///
/// A large corpus stays in memory only in this form while the timing phase runs (a `Sample`
/// takes 80 bytes). Each stroke is unpacked into a `[Sample]` when it is replayed, outside every
/// timed bracket.
public struct CompactStrokes: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
  private var xs: [Double] = []
  private var ys: [Double] = []
  private var ts: [Double] = []
  private var ps: [Double] = []
  /// End offset (exclusive) of each stroke in the channel arrays.
  private var ends: [Int] = []

  public init() {}

  public init(arrayLiteral strokes: [Sample]...) { self.init(strokes) }

  public init<S: Sequence>(_ strokes: S) where S.Element == [Sample] {
    for s in strokes { append(s) }
  }

  /// Adds one stroke.
  public mutating func append(_ stroke: [Sample]) {
    let before = xs.count
    let timed = stroke.contains { $0.time != nil }
    let pressured = stroke.contains { $0.pressure != nil }
    // A channel starts the first time a stroke has it; earlier samples get NaN.
    if timed && ts.count < before { ts += repeatElement(.nan, count: before - ts.count) }
    if pressured && ps.count < before { ps += repeatElement(.nan, count: before - ps.count) }
    for s in stroke {
      xs.append(s.x)
      ys.append(s.y)
      if !ts.isEmpty || timed { ts.append(s.time ?? .nan) }
      if !ps.isEmpty || pressured { ps.append(s.pressure ?? .nan) }
    }
    ends.append(xs.count)
  }

  /// Total samples, without unpacking.
  public var sampleCount: Int { xs.count }
  /// Bytes held by the channel arrays (what the timing phase keeps per corpus sample).
  public var packedBytes: Int { 8 * (xs.count + ys.count + ts.count + ps.count) + 8 * ends.count }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ends.count }

  /// Samples in stroke `i`, without unpacking.
  public func count(of i: Int) -> Int { ends[i] - (i == 0 ? 0 : ends[i - 1]) }

  /// Stroke `i`, unpacked.
  public subscript(i: Int) -> [Sample] {
    var out: [Sample] = []
    unpack(i, into: &out)
    return out
  }

  /// Stroke `i` unpacked into `buffer` (its capacity reused).
  public func unpack(_ i: Int, into buffer: inout [Sample]) {
    buffer.removeAll(keepingCapacity: true)
    let from = i == 0 ? 0 : ends[i - 1]
    let timed = !ts.isEmpty
    let pressured = !ps.isEmpty
    for k in from..<ends[i] {
      let t = timed ? ts[k] : .nan
      let p = pressured ? ps[k] : .nan
      buffer.append(
        Sample(x: xs[k], y: ys[k], time: t.isNaN ? nil : t, pressure: p.isNaN ? nil : p))
    }
  }
}
