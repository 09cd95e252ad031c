import SourceDiagnostics

/// A node of a YAML document: a scalar, a sequence or a mapping, with where it starts.
public struct YAMLNode: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var content: Content
    /// Where the node starts in its file (1-based).
    public var mark: Mark
    /// The explicit tag, if any (`!!str`, `!custom`), as written after expansion.
    public var tag: String?

    public init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }
}

/// A scalar's text and whether it was written plain (unquoted, so open to resolution).
public struct YAMLScalar: Equatable, Sendable {
    public var text: String
    public var isPlain: Bool

    public init(text: String, isPlain: Bool) {
        self.text = text
        self.isPlain = isPlain
    }
}

/// One `key: value` entry of a mapping, in document order.
public struct YAMLPair: Equatable, Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}

extension YAMLNode {
    /// A short name for the node's kind, for error messages ("a mapping", "a string").
    public var kindDescription: String {
        switch content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar:
            switch resolvedScalar {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case nil: return "a scalar"
            }
        }
    }

    /// The entries of a mapping, or nil for other nodes.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The elements of a sequence, or nil for other nodes.
    public var elements: [YAMLNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// The value for a scalar `key` in a mapping, or nil.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.scalarText == key }?.value
    }

    /// The text of a scalar node, or nil for collections.
    public var scalarText: String? {
        if case .scalar(let scalar) = content { return scalar.text }
        return nil
    }
}
