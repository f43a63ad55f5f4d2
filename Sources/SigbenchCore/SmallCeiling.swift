/// `Int(v.rounded(.up))` for a finite `v` with |v| < 2³¹, without a call into libm and without
/// the range checks of `Int(_: Double)`.
///
/// The baseline x86-64 target has no rounding instruction, so `rounded(.up)` is a call to
/// libm's `ceil`, and the checked conversion adds about 19 instructions (callgrind). The hot
/// loops that need a ceiling (the rasterizer's rows and columns, signature_pad's stamp count)
/// use this instead.
///
/// Why it is exact: adding 1.5 · 2⁵² to `v` rounds it to the nearest integer `r` (the sum's unit
/// in the last place is 1), and `r` sits in the sum's low 32 bits as a two's-complement number.
/// `r` is exact as a double, so ⌈v⌉ is `r + 1` when `r < v` and `r` otherwise. The caller clamps
/// `v` to |v| < 2³¹ first; NaN and infinity give meaningless results and must be ruled out.
///
/// - Complexity: O(1), a handful of instructions, inlined into the caller.
@inlinable @inline(__always)
public func smallCeiling(_ v: Double) -> Int {
  let magic = 6_755_399_441_055_744.0  // 1.5 · 2⁵²
  let t = v + magic
  let r = Int(Int32(truncatingIfNeeded: t.bitPattern))
  return t - magic < v ? r + 1 : r
}
