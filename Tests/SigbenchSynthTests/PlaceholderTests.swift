import SigbenchSynth
import Testing

@Test func synthModuleLinks() { _ = SigbenchSynth.self }
