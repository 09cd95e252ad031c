internal import CYaml
import SourceDiagnostics

/// Reads one YAML document into a `YAMLNode` tree through the system libyaml.
///
/// Iterative (no recursion on the document's nesting), with caps that turn hostile input
/// into errors: nesting depth, and the number of nodes aliases may add ("billion laughs").
public struct YAMLParser: Sendable {
    /// The deepest nesting of sequences and mappings accepted.
    public var maximumDepth = 256
    /// The most nodes a document may hold once every alias is expanded.
    public var maximumExpandedNodes = 1_000_000

    public init() {}

    /// Parses `source`'s single document. An empty file is a null scalar at 1:1.
    ///
    /// - Throws: a `Diagnostic` at the offending mark for syntax errors, duplicate keys,
    ///   undefined aliases, several documents, and exceeded limits.
    public func parse(_ source: SourceFile) throws(Diagnostic) -> YAMLNode {
        var builder = TreeBuilder(source: source, limits: self)
        let bytes = Array(source.text.utf8)
        let parser = LibYAMLParser(bytes: bytes)
        while true {
            let event = try parser.next(source)
            defer { event.delete() }
            if try builder.consume(event) { break }
        }
        return builder.root ?? YAMLNode(.scalar(YAMLScalar(text: "", isPlain: true)), mark: Mark(line: 1, column: 1))
    }
}

/// Owns a libyaml parser and its input; frees both on deinit.
private final class LibYAMLParser {
    private var parser = yaml_parser_t()
    private let input: UnsafeMutableBufferPointer<UInt8>

    init(bytes: [UInt8]) {
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(&parser)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    func next(_ source: SourceFile) throws(Diagnostic) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            var message = problem
            if let context = parser.context.map({ String(cString: $0) }) {
                message += " (\(context) at \(Mark(parser.context_mark)))"
            }
            let mark = Mark(parser.problem_mark)
            if Self.isTabInIndentation(at: mark, in: source) {
                message = "a tab in the indentation: YAML indents with spaces only (libyaml: \(message))"
            }
            throw source.error(message, at: mark)
        }
        return Event(raw: event)
    }
}

extension LibYAMLParser {
    /// Whether the character at `mark` is a tab with nothing but spaces and tabs before it on
    /// its line: libyaml's "found character that cannot start any token" means a tab indents it.
    static func isTabInIndentation(at mark: Mark, in source: SourceFile) -> Bool {
        guard let line = source.line(mark.line), mark.column >= 1 else { return false }
        let before = line.unicodeScalars.prefix(mark.column)
        return before.count == mark.column && before.last == "\t" && before.allSatisfy { $0 == " " || $0 == "\t" }
    }
}

/// One libyaml event, read into Swift values.
struct Event {
    var raw: yaml_event_t

    var type: yaml_event_type_t { raw.type }
    var mark: Mark { Mark(raw.start_mark) }

    var anchor: String? {
        switch raw.type {
        case YAML_SCALAR_EVENT: return string(raw.data.scalar.anchor)
        case YAML_SEQUENCE_START_EVENT: return string(raw.data.sequence_start.anchor)
        case YAML_MAPPING_START_EVENT: return string(raw.data.mapping_start.anchor)
        case YAML_ALIAS_EVENT: return string(raw.data.alias.anchor)
        default: return nil
        }
    }

    var tag: String? {
        switch raw.type {
        case YAML_SCALAR_EVENT: return string(raw.data.scalar.tag)
        case YAML_SEQUENCE_START_EVENT: return string(raw.data.sequence_start.tag)
        case YAML_MAPPING_START_EVENT: return string(raw.data.mapping_start.tag)
        default: return nil
        }
    }

    var scalar: YAMLScalar {
        let scalar = raw.data.scalar
        let buffer = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
        return YAMLScalar(
            text: String(decoding: buffer, as: UTF8.self), isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE)
    }

    func delete() {
        var raw = raw
        yaml_event_delete(&raw)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

extension Mark {
    fileprivate init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}
