/// Numbers at the edges, as YAML/JSON text: huge, tiny, negative, non-integral, beyond
/// `Int`, beyond `Double`, and the YAML words for NaN and infinity.
enum EdgeNumbers {
    static let finite = [
        "0", "1", "-1", "2.5", "0.5", "-0.0", "5", "40", "120", "375", "1000", "100000", "3000000",
        "1e15", "1000000000000001", "-1e15", "1e19", "1e20", "1e308", "-1e308", "1.7976931348623157e308",
        "5e-324", "1e-7", "9223372036854775807", "9223372036854775808", "9007199254740993", "4294967296",
        "2147483648", "0.001", "1e7", "10000001",
    ]
    /// Only YAML can write these; JSON has no NaN or infinity (and 1e400 overflows).
    static let yamlOnly = [".nan", ".inf", "-.inf", "1e400", "0x7fffffffffffffff", "0o777"]

    /// A number for a YAML document: mostly small and sensible, often at an edge.
    static func yaml(_ random: inout FuzzRandom) -> String {
        if random.chance(0.5) { return String(random.int(0...400)) }
        return random.chance(0.85) ? random.pick(finite) : random.pick(yamlOnly)
    }

    /// A number for a JSON message.
    static func json(_ random: inout FuzzRandom) -> String {
        random.chance(0.5) ? String(random.int(-50...1200)) : random.pick(finite)
    }
}
