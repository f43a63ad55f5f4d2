import SigbenchQuality
import Testing

@Test func qualityModuleLinks() { _ = SigbenchQuality.self }
