/// Where bytes stop being valid UTF-8, as a line and column, for "not UTF-8" errors.
public enum UTF8Position {
    /// The mark of the first byte that is not part of a valid UTF-8 sequence, or nil if
    /// every byte is valid. Lines end at `\n`; columns count the scalars before the byte.
    /// O(n), one pass.
    public static func firstInvalidByte(in bytes: some Collection<UInt8>) -> Mark? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error:
                return Mark(line: line, column: column)
            case .emptyInput:
                return nil
            }
        }
    }
}
