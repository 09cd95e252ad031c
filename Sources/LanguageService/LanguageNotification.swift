/// The notifications the language service sends the client (through `LanguageHost.send`).
package enum LanguageNotification: String, CaseIterable, Sendable {
    /// The language server's problems in a document.
    case publishDiagnostics = "textDocument/publishDiagnostics"
    /// A message for the person at the editor (the language server's commands).
    case showMessage = "window/showMessage"
}
