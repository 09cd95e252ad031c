internal import CYaml
import SourceDiagnostics

/// Builds a node tree from libyaml events with an explicit stack.
struct TreeBuilder {
    private let source: SourceFile
    private let limits: YAMLParser
    private var stack: [OpenCollection] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var nodeCount = 0
    private var documentCount = 0
    private(set) var root: YAMLNode?

    init(source: SourceFile, limits: YAMLParser) {
        self.source = source
        self.limits = limits
    }

    /// Takes one event; returns true at the end of the stream.
    mutating func consume(_ event: Event) throws(Diagnostic) -> Bool {
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                throw source.error("expected a single YAML document, found another", at: event.mark)
            }
        case YAML_SCALAR_EVENT:
            try count(1, at: event.mark)
            try add(YAMLNode(.scalar(event.scalar), mark: event.mark, tag: event.tag), size: 1, anchor: event.anchor)
        case YAML_ALIAS_EVENT:
            let name = event.anchor ?? ""
            guard let anchored = anchors[name] else {
                throw source.error("alias '*\(name)' refers to no anchor defined before it", at: event.mark)
            }
            try count(anchored.size, at: event.mark, isAlias: true)
            try add(anchored.node, size: anchored.size, anchor: nil)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if stack.count >= limits.maximumDepth {
                throw source.error("nesting deeper than \(limits.maximumDepth) levels", at: event.mark)
            }
            try count(1, at: event.mark)
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            stack.append(OpenCollection(isMapping: isMapping, mark: event.mark, tag: event.tag, anchor: event.anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let collection = stack.removeLast()
            try add(collection.node, size: collection.size, anchor: collection.anchor)
        default:
            break
        }
        return false
    }

    /// Counts nodes against the limit, each node once: a scalar or a collection where it
    /// starts, an alias by everything it expands to.
    private mutating func count(_ nodes: Int, at mark: Mark, isAlias: Bool = false) throws(Diagnostic) {
        nodeCount += nodes
        if nodeCount > limits.maximumExpandedNodes {
            let why = isAlias ? "aliases expand to more than" : "more than"
            throw source.error("document too large: \(why) \(limits.maximumExpandedNodes) nodes", at: mark)
        }
    }

    /// Attaches a finished node to the open collection (or makes it the root). `size` is the
    /// number of nodes it stands for once aliases are expanded.
    private mutating func add(_ node: YAMLNode, size: Int, anchor: String?) throws(Diagnostic) {
        if let anchor { anchors[anchor] = (node, size) }
        guard !stack.isEmpty else {
            root = node
            return
        }
        try stack[stack.count - 1].append(node, size: size, source: source)
    }
}

/// A sequence or mapping whose end event has not come yet.
private struct OpenCollection {
    let isMapping: Bool
    let mark: Mark
    let tag: String?
    let anchor: String?
    var elements: [YAMLNode] = []
    var pairs: [YAMLPair] = []
    var pendingKey: YAMLNode?
    var keyMarks: [String: Mark] = [:]
    var size = 1

    init(isMapping: Bool, mark: Mark, tag: String?, anchor: String?) {
        self.isMapping = isMapping
        self.mark = mark
        self.tag = tag
        self.anchor = anchor
    }

    var node: YAMLNode {
        YAMLNode(isMapping ? .mapping(pairs) : .sequence(elements), mark: mark, tag: tag)
    }

    mutating func append(_ node: YAMLNode, size: Int, source: SourceFile) throws(Diagnostic) {
        self.size += size
        guard isMapping else {
            elements.append(node)
            return
        }
        guard let key = pendingKey else {
            if let text = node.scalarText {
                if let first = keyMarks[text] {
                    throw source.error("duplicate key '\(text)' (first defined at \(first))", at: node.mark)
                }
                keyMarks[text] = node.mark
            }
            pendingKey = node
            return
        }
        pairs.append(YAMLPair(key: key, value: node))
        pendingKey = nil
    }
}
