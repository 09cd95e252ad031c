import LanguageService

/// Every method the engine answers, in one table: the names `initialize` lists, and each
/// one's handler, which says where it runs (its kind of work: `EngineWork`). Adding a method is a file
/// under `Methods/` (a language method's under `LanguageService/Methods/`) and a line here.
enum MethodTable {
    enum Handler: Sendable {
        /// Runs as control work (`EngineWork.control`).
        case control(any ControlMethod.Type)
        /// Runs as the view's work (or inline, when quick, prepared and with nothing to wait for).
        case view(any ViewMethod.Type)
        /// Handled by the reading thread as soon as it is read (`$/cancelRequest`, `exit`).
        case immediate(any ImmediateMethod.Type)
        /// Runs as documents work: the language service's methods (`LanguageService`).
        case document(any DocumentMethod.Type)
    }

    static let entries: [(name: String, handler: Handler)] = [
        (InitializeMethod.name, .control(InitializeMethod.self)),
        (ShutdownMethod.name, .control(ShutdownMethod.self)),
        (ExitMethod.name, .immediate(ExitMethod.self)),
        (CancelRequestMethod.name, .immediate(CancelRequestMethod.self)),
        (OpenMethod.name, .control(OpenMethod.self)),
        (CloseMethod.name, .control(CloseMethod.self)),
        (WorkspacesMethod.name, .control(WorkspacesMethod.self)),
        (PrepareMethod.name, .view(PrepareMethod.self)),
        (QueryMethod.name, .view(QueryMethod.self)),
        (InvalidateMethod.name, .view(InvalidateMethod.self)),
        (TargetContentOffsetMethod.name, .view(TargetContentOffsetMethod.self)),
        (PluginsMethod.name, .control(PluginsMethod.self)),
        (UpdateMethod.name, .view(UpdateMethod.self)),
        (BeginMoveMethod.name, .view(BeginMoveMethod.self)),
        (UpdateMoveMethod.name, .view(UpdateMoveMethod.self)),
        (EndMoveMethod.name, .view(EndMoveMethod.self)),
        (TransitionMethod.name, .view(TransitionMethod.self)),
        (ChangeMethod.name, .control(ChangeMethod.self)),
        (ReloadMethod.name, .control(ReloadMethod.self)),
        (PreferredSizesMethod.name, .view(PreferredSizesMethod.self)),
        (DescribeMethod.name, .view(DescribeMethod.self)),
        (CheckMethod.name, .view(CheckMethod.self)),
        // The language service (LSP) for workspace files.
        (DidOpenMethod.name, .document(DidOpenMethod.self)),
        (DidChangeMethod.name, .document(DidChangeMethod.self)),
        (DidCloseMethod.name, .document(DidCloseMethod.self)),
        (DidSaveMethod.name, .document(DidSaveMethod.self)),
        (CompletionMethod.name, .document(CompletionMethod.self)),
        (HoverMethod.name, .document(HoverMethod.self)),
        (DefinitionMethod.name, .document(DefinitionMethod.self)),
        (DocumentSymbolMethod.name, .document(DocumentSymbolMethod.self)),
        (CodeLensMethod.name, .document(CodeLensMethod.self)),
        (ExecuteCommandMethod.name, .document(ExecuteCommandMethod.self)),
    ]

    private static let handlers = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.handler) })

    /// Every method's name, in the table's order.
    static var names: [String] { entries.map(\.name) }

    static func handler(named name: String) -> Handler? { handlers[name] }

    /// The view method of that name, if it is one.
    static func viewMethod(named name: String) -> (any ViewMethod.Type)? {
        if case .view(let method)? = handlers[name] { return method }
        return nil
    }
}
