import SigbenchCore

extension SignaturePadEngine {
  /// The stamps of the newest curve drawn, stamped once into fixed-size storage and appended
  /// from there with one bulk copy, so that a curve drawn again (the preview's curve turning
  /// stable, a preview unchanged since the last push) is copied instead of stamped. The curve
  /// (its points and radii) is the key, since origin and maximum radius are fixed for the
  /// stroke.
  ///
  /// - Complexity: a hit copies the n stamps (24 bytes each); a miss first evaluates them with
  ///   `SignaturePadStamps` in a plain loop. A curve of more than `capacity` stamps is appended
  ///   directly and not kept. Never allocates besides growing the caller's array.
  struct StampCache: Sendable {
    static let capacity = 128
    var curve: SignaturePadCurve?
    var count = 0
    var discs = InlineArray<128, Disc>(repeating: Disc(center: .zero, radius: 0))

    /// Appends `curve`'s stamps (moved by `origin`, radii capped at `maxRadius`) to `out`,
    /// keeping them when they are new. (Mutating also so that `self`, about 3 KB, is passed by
    /// reference, never copied.)
    mutating func append(
      _ curve: SignaturePadCurve, maxRadius: Double, origin: Point, into out: inout InkArray<Disc>
    ) {
      if self.curve != curve {
        let n = curve.stepCount
        let stamps = SignaturePadStamps(curve, count: n, maxRadius: maxRadius, origin: origin)
        guard n <= Self.capacity else {
          self.curve = nil
          out.append(contentsOf: stamps)
          return
        }
        var span = discs.mutableSpan
        span.withUnsafeMutableBufferPointer { stamps.write(into: $0) }
        self.curve = curve
        count = n
      }
      discs.span.withUnsafeBufferPointer {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
      }
    }
  }
}
