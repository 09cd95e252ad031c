import JSON
import JSONRPC

/// Why a tool call failed, told to the client as a tool result with `isError: true`: a bad
/// argument, a broken workspace (`file:line:column: error: …` and the caret), a failing or
/// crashing plugin, an unknown view.
struct ToolError: Error {
    var text: String

    init(_ text: String) {
        self.text = text
    }

    /// An engine error in the client's terms: the located rendering when there is one, and
    /// `arguments.…` where the engine says `params.…`.
    init(_ error: RPCError) {
        if let rendered = error["rendered"] {
            text = rendered
        } else {
            text = error.message.replacingOccurrences(
                of: "invalid params: params.", with: "invalid arguments: arguments.")
        }
        if let plugin = error["plugin"], let signal = error["signal"] {
            text += " (plugin \(plugin) crashed with signal \(signal); its views work again on their next call)"
        }
    }

    static let cancelled = ToolError("cancelled")

    /// Runs `body`, its engine error in the client's terms.
    static func rethrowing<T>(_ body: () throws(RPCError) -> T) throws(ToolError) -> T {
        do {
            return try body()
        } catch {
            throw ToolError(error)
        }
    }

    /// `{content: [{type: text, text}], isError: true}`.
    var message: JSONValue {
        ["content": [["type": "text", "text": .string(text)]], "isError": true]
    }
}

extension RPCError {
    /// A string member of `data`, if any.
    subscript(key: String) -> String? {
        switch data?[key] {
        case .string(let string)?: return string
        case .number(let number)?: return number.rounded() == number ? String(Int(exactly: number) ?? 0) : "\(number)"
        default: return nil
        }
    }
}
