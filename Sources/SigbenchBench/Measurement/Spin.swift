import CShim

/// The opaque busy loop behind the injection knob (`cshim_spin` in the C target).
enum Spin {
  @inline(__always) static func run(_ rounds: UInt64) { cshim_spin(rounds) }
}
