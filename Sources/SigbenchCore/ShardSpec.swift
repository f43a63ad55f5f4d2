/// One shard of a corpus split into `count` parts by drawing (`--shard I/N`): shard `index`
/// (1…count) owns a drawing when a stable hash of its corpus-relative path and its index
/// within its file falls in bucket `index`. The split depends on nothing else (not file order,
/// listing or machine), so every drawing is in exactly one shard, whoever runs it.
///
/// The hash is 64-bit FNV-1a (G. Fowler, L. C. Noll, K.-P. Vo; offset basis
/// 14695981039346656037, prime 1099511628211) over the path's UTF-8 bytes, a 0 byte, and the
/// drawing index as 8 little-endian bytes, then SplitMix64's finaliser (S. Vigna,
/// "splitmix64.c", 2015: xor-shifts 30, 27, 31 with multipliers 0xbf58476d1ce4e5b9 and
/// 0x94d049bb133111eb) so consecutive indices of one file spread over all buckets; the bucket
/// is that value modulo `count`.
///
/// - Complexity: O(path length) per drawing.
public struct ShardSpec: Hashable, Sendable, CustomStringConvertible {
  /// 1…count.
  public let index: Int
  public let count: Int

  /// The environment variables `auto/N` reads: a Slurm job array's task id (1…N with
  /// `--array=1-N`), else a Kubernetes Indexed Job's completion index (0…N−1).
  public static let slurmVariable = "SLURM_ARRAY_TASK_ID"
  public static let kubernetesVariable = "JOB_COMPLETION_INDEX"

  /// The most shards a corpus may be split into.
  public static let largestCount = 100_000

  public init(index: Int, count: Int) throws(ShardSpecError) {
    guard (1...Self.largestCount).contains(count) else {
      throw ShardSpecError("N must be a whole number in 1…\(Self.largestCount); got \(count)")
    }
    guard (1...count).contains(index) else {
      throw ShardSpecError("I must be a whole number in 1…\(count); got \(index)")
    }
    self.index = index
    self.count = count
  }

  /// Reads `I/N` (whole numbers, 1 ≤ I ≤ N), or `auto/N` with I from `environment`:
  /// `SLURM_ARRAY_TASK_ID` as is, else `JOB_COMPLETION_INDEX` + 1. Errors name the rule, the
  /// value and, for `auto`, the variable.
  public static func parse(_ text: String, environment: [String: String]) throws(ShardSpecError)
    -> ShardSpec
  {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 else {
      throw ShardSpecError("expected I/N or auto/N (e.g. 3/8); got '\(text)'")
    }
    guard let count = Int(parts[1]) else {
      throw ShardSpecError("N must be a whole number; got '\(parts[1])' in '\(text)'")
    }
    if parts[0] == "auto" {
      if let v = environment[slurmVariable] {
        guard let i = Int(v) else {
          throw ShardSpecError("\(slurmVariable) must be a whole number; got '\(v)'")
        }
        do { return try ShardSpec(index: i, count: count) } catch {
          throw ShardSpecError(
            "\(slurmVariable)=\(v) is not a shard of \(count) (submit the array as --array=1-\(count))"
          )
        }
      }
      if let v = environment[kubernetesVariable] {
        guard let i = Int(v) else {
          throw ShardSpecError("\(kubernetesVariable) must be a whole number; got '\(v)'")
        }
        do { return try ShardSpec(index: i + 1, count: count) } catch {
          throw ShardSpecError(
            "\(kubernetesVariable)=\(v) is not a shard of \(count) (completions: \(count))")
        }
      }
      throw ShardSpecError(
        "auto/\(count) reads \(slurmVariable) (a Slurm job array) or \(kubernetesVariable) (a "
          + "Kubernetes Indexed Job); neither is set")
    }
    guard let index = Int(parts[0]) else {
      throw ShardSpecError("I must be a whole number or 'auto'; got '\(parts[0])' in '\(text)'")
    }
    return try ShardSpec(index: index, count: count)
  }

  /// True when this shard owns drawing `drawing` (0-based, in its file) of the file at
  /// `path` (relative to the corpus root, '/'-separated).
  public func owns(path: String, drawing: Int) -> Bool {
    Self.bucket(path: path, drawing: drawing, count: count) == index - 1
  }

  /// The bucket (0…count−1) of drawing `drawing` of `path`.
  public static func bucket(path: String, drawing: Int, count: Int) -> Int {
    Int(hash(path: path, drawing: drawing) % UInt64(count))
  }

  /// The stable 64-bit hash of (path, drawing index).
  public static func hash(path: String, drawing: Int) -> UInt64 {
    var h: UInt64 = 14_695_981_039_346_656_037
    func mix(_ byte: UInt8) {
      h ^= UInt64(byte)
      h = h &* 1_099_511_628_211
    }
    for b in path.utf8 { mix(b) }
    mix(0)
    var i = UInt64(truncatingIfNeeded: drawing)
    for _ in 0..<8 {
      mix(UInt8(truncatingIfNeeded: i))
      i >>= 8
    }
    var z = h
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  public var description: String { "\(index)/\(count)" }
}

/// Why a shard spec cannot be used: the rule and the value.
public struct ShardSpecError: Error, Hashable, Sendable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
