import SourceDiagnostics

/// An error from opening or laying out a view, located in a file where possible.
public struct WorkbenchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What failed, which decides the exit status or JSON-RPC error code.
    public enum Kind: Equatable, Sendable {
        /// The workspace file or a data file is wrong.
        case workspace
        /// A plugin is missing or unusable.
        case plugin
        /// The plugin refused the options or the data, or failed.
        case layout
        /// The work was cancelled.
        case cancelled
    }

    public var kind: Kind
    public var diagnostic: Diagnostic

    public init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    public var description: String { diagnostic.description }
}
