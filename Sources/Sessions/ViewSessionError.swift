import SourceDiagnostics

/// An error from opening or laying out a view, located in a file where possible.
public struct ViewSessionError: Error, Equatable, Sendable, CustomStringConvertible {
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
    /// Facts for a client beyond the place (the plugin, the signal, the element…).
    public var details: [String: String]

    public init(_ kind: Kind, _ diagnostic: Diagnostic, details: [String: String] = [:]) {
        self.kind = kind
        self.diagnostic = diagnostic
        self.details = details
    }

    public var description: String { diagnostic.description }
}
