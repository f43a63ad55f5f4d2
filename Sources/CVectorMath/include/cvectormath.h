#ifndef SIGBENCH_CVECTORMATH_H
#define SIGBENCH_CVECTORMATH_H

/// Two lanes of doubles (Swift sees `SIMD2<Double>`).
typedef double cvm_double2 __attribute__((ext_vector_type(2)));

/// Both lanes' square roots in one instruction: `sqrtpd` on x86-64, elsewhere the compiler's
/// element-wise square root. IEEE 754 square roots are correctly rounded, so each lane is, bit
/// for bit, `Double.squareRoot()` of that lane.
///
/// Why assembly: the optimizer splits a Swift `SIMD2<Double>.squareRoot()` whose lanes are
/// then used one by one into two scalar `sqrtsd` (the generic x86-64 cost model prefers them),
/// and the divider unit takes as long for one `sqrtsd` as for one `sqrtpd`. A length estimate
/// over ten chords then waits on ten roots in a row instead of five.
static inline cvm_double2 cvm_sqrt2(cvm_double2 v) {
#if defined(__x86_64__)
  cvm_double2 r;
  __asm__("sqrtpd %1, %0" : "=x"(r) : "x"(v));
  return r;
#else
  return __builtin_elementwise_sqrt(v);
#endif
}

#endif
