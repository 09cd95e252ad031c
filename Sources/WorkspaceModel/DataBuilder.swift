import LayoutKit
import SourceDiagnostics
import YAMLReader

/// Builds a source's `DataSet` from YAML nodes, remembering where each item is written.
struct DataBuilder {
    let reader: NodeReader
    var builder = DataSetBuilder()
    var marks: [Mark] = []

    init(reader: NodeReader) {
        self.reader = reader
    }

    /// A list of items as one section.
    mutating func addSection(_ node: YAMLNode, what: String) throws(Diagnostic) {
        for item in try reader.list(node, what: what) {
            builder.append(try reader.value(item))
            marks.append(item.mark)
        }
        builder.endSection()
    }

    /// `generate: {sections, items, min?, max?, seed?}`: whole numbers drawn uniformly from
    /// [min, max] (default 40...120) by a seeded SplitMix64, the same on every run.
    mutating func addGenerated(_ node: YAMLNode, limit: Int) throws(Diagnostic) {
        let fields = try reader.mapping(node, what: "'generate'", allowed: ["sections", "items", "min", "max", "seed"])
        func whole(_ key: String, _ fallback: Double?) throws(Diagnostic) -> Double {
            guard let pair = fields[key] else {
                guard let fallback else { throw reader.error("'generate' needs '\(key)'", at: node) }
                return fallback
            }
            return try reader.number(pair.value, what: "'generate.\(key)'", minimum: 0, whole: true)
        }
        let sections = try whole("sections", 1), items = try whole("items", nil)
        let low = try whole("min", 40), high = try whole("max", 120), seed = try whole("seed", 1)
        guard sections * items <= Double(limit) else {
            throw reader.error("'generate' asks for \(Int(sections)) × \(Int(items)) items; the limit is \(limit)", at: node)
        }
        guard low <= high else { throw reader.error("'generate.min' must not exceed 'generate.max'", at: fields["min"]!.value) }
        var random = SplitMix64(seed: UInt64(seed))
        let span = UInt64(high - low) + 1
        for _ in 0..<Int(sections) {
            for _ in 0..<Int(items) { builder.appendNumber(low + Double(random.next() % span)) }
            builder.endSection()
        }
    }
}

/// SplitMix64: small, fast, and the same sequence everywhere.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
