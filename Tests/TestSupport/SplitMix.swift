@_exported import SeededRandom

/// Test data's generator: the project's one SplitMix64.
public typealias SplitMix = SplitMix64
