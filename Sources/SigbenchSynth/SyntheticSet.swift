import SigbenchCore

/// The synthetic corpus `sigbench synth` writes (default: `Corpus/synthetic/`): `signatures`
/// signature motions and `lines` handwriting motions, each sampled at every rate in `rates`
/// with the same digitizer noise, grid, jitter and drop rate.
///
/// Motion k of a kind has id `signature-07` / `line-03` (1-based, two digits or more) and seed
/// `motionSeed(set:kind:index:)`; its files are named `<id>-<rate>hz` (`signature-07-120hz`).
/// Everything follows from these settings, so the set is reproduced byte for byte.
public struct SyntheticSet: Hashable, Sendable {
  public var seed: UInt64
  public var signatures: Int
  public var lines: Int
  public var rates: [Double]
  public var noise: Double
  public var grid: Double
  public var jitter: Double
  public var dropRate: Double

  /// The committed set: seed 12, 24 signatures, 12 lines, at 60, 120 and 240 Hz, with 0.15 px
  /// of noise (≈ 0.04 mm), a 0.25 px grid (≈ 0.066 mm), ±0.5 ms of timestamp jitter and 0.5 %
  /// dropped samples: a good pen tablet behind an ordinary event loop.
  public static let committed = SyntheticSet(
    seed: 12, signatures: 24, lines: 12, rates: [60, 120, 240], noise: 0.15, grid: 0.25,
    jitter: 0.0005, dropRate: 0.005)

  public init(
    seed: UInt64, signatures: Int, lines: Int, rates: [Double], noise: Double, grid: Double,
    jitter: Double, dropRate: Double
  ) {
    self.seed = seed
    self.signatures = signatures
    self.lines = lines
    self.rates = rates
    self.noise = noise
    self.grid = grid
    self.jitter = jitter
    self.dropRate = dropRate
  }

  /// One motion of the set, before sampling.
  public struct Plan: Hashable, Sendable {
    public var id: String
    public var kind: MotionKind
    public var seed: UInt64
  }

  /// One file of the set.
  public struct File: Sendable {
    /// File name without extension, e.g. `signature-07-120hz`.
    public var name: String
    public var sampled: SampledMotion
  }

  /// The digitizer settings for every rate, checked; throws naming the first bad setting.
  public func digitizers() throws(SynthError) -> [DigitizerSettings] {
    guard signatures >= 0, lines >= 0, signatures + lines > 0 else {
      throw SynthError("the set needs at least one signature or line")
    }
    guard !rates.isEmpty, Set(rates).count == rates.count else {
      throw SynthError("rates must be a non-empty list without repeats")
    }
    var out: [DigitizerSettings] = []
    for r in rates {
      out.append(
        try DigitizerSettings(
          rate: r, noise: noise, grid: grid, jitter: jitter, dropRate: dropRate))
    }
    return out
  }

  /// The motions, signatures first.
  public var plans: [Plan] {
    let width = Swift.max(2, String(Swift.max(signatures, lines)).count)
    func id(_ prefix: String, _ k: Int) -> String {
      let digits = String(k + 1)
      return prefix + "-" + String(repeating: "0", count: width - digits.count) + digits
    }
    return (0..<signatures).map {
      Plan(id: id("signature", $0), kind: .signature, seed: Self.motionSeed(seed, .signature, $0))
    }
      + (0..<lines).map {
        Plan(id: id("line", $0), kind: .handwriting, seed: Self.motionSeed(seed, .handwriting, $0))
      }
  }

  /// The seed of motion `index` (0-based) of `kind` in a set seeded `seed`: one SplitMix64
  /// step from the three mixed together.
  public static func motionSeed(_ seed: UInt64, _ kind: MotionKind, _ index: Int) -> UInt64 {
    let tag: UInt64 = kind == .signature ? 0x5160 : 0x11E5
    var g = SplitMix64(seed: seed ^ (tag << 48) ^ UInt64(index))
    return g.next()
  }

  /// Every file of one motion: the motion generated once, sampled at each rate.
  public func files(for plan: Plan, _ digitizers: [DigitizerSettings]) -> [File] {
    let motion = plan.kind.motion(id: plan.id, seed: plan.seed)
    return digitizers.map { d in
      let name = "\(plan.id)-\(Rounding.text(d.rate))hz"
      return File(
        name: name,
        sampled: Digitizer.sample(motion, d, name: name, notes: ["synth set-seed=\(seed)"]))
    }
  }
}
