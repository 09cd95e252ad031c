import JSON
import JSONRPC
import RequestParams

/// A language-server method (LSP): the engine runs it as documents work, in arrival order
/// with the other document methods and beside the control and view work (the engine's `EngineWork.documents`).
package protocol DocumentMethod: SendableMetatype {
    static var name: String { get }
    /// Returns the encoded result.
    static func run(_ params: Params, host: some LanguageHost) throws(RPCError) -> [UInt8]
}

/// The bytes of a result built as a `JSONValue`.
func encoded(_ value: JSONValue) -> [UInt8] {
    var writer = JSONWriter()
    writer.json(value)
    return writer.bytes
}
