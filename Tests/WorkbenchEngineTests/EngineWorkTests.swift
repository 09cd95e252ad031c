import JSONRPC
import Testing

@testable import WorkbenchEngine

/// The engine's ordering rules as data: which kind of work each request is, and what each
/// kind waits for (`EngineWork`'s table).
struct EngineWorkTests {
    static func kind(_ method: String, view: String? = nil) -> EngineWork {
        EngineWork(MethodTable.handler(named: method), view: view)
    }

    @Test func eachRequestIsTheKindOfWorkItsMethodDeclares() {
        #expect(Self.kind("query", view: "a/b") == .view("a/b", isQuick: true))
        #expect(Self.kind("invalidate", view: "a/b") == .view("a/b", isQuick: true))
        #expect(Self.kind("prepare", view: "a/b") == .view("a/b", isQuick: false))
        #expect(Self.kind("update", view: "a/b") == .view("a/b", isQuick: false))
        // A view method naming no view is answered by control work (-32602 there).
        #expect(Self.kind("query") == .control)
        for method in ["open", "change", "close", "reload", "plugins", "shutdown", "initialize", "no such method"] {
            #expect(Self.kind(method) == .control, "\(method)")
        }
        #expect(Self.kind("textDocument/hover") == .documents)
        #expect(Self.kind("exit") == .immediate)
        #expect(Self.kind("$/cancelRequest") == .immediate)
    }

    @Test func controlWorkHoldsBackEverythingButDocumentsAndViewsHoldBackOnlyTheirOwn() {
        let a = EngineWork.view("a", isQuick: true), aSlow = EngineWork.view("a", isQuick: false)
        let b = EngineWork.view("b", isQuick: true)
        #expect(EngineWork.control.isDependency(of: .control))
        #expect(EngineWork.control.isDependency(of: a))
        #expect(!a.isDependency(of: .control))
        #expect(a.isDependency(of: aSlow) && aSlow.isDependency(of: a))
        #expect(!a.isDependency(of: b))
        #expect(EngineWork.documents.isDependency(of: .documents))
        #expect(!EngineWork.control.isDependency(of: .documents) && !EngineWork.documents.isDependency(of: .control))
        #expect(EngineWork.contractCheck.isDependency(of: .contractCheck))
        #expect(!EngineWork.contractCheck.isDependency(of: .documents))
        for kind in [EngineWork.control, .documents, .contractCheck, a] {
            #expect(!EngineWork.immediate.isDependency(of: kind) && !kind.isDependency(of: .immediate))
        }
    }
}
