import JSON
import TestSupport
import Testing
import WorkbenchEngine

/// Round cells are a plugin's declaration, not a layout's name: circles declares them
/// (`PluginInfo.cellShape`, the descriptor's `cell_shape`) and `plugins` answers it.
struct CellShapeDeclarationTests {
    @Test func pluginsAnswersEachLayoutsDeclaredCellShape() throws {
        let client = EngineClient(plugins: BuiltPlugins.inProcess)
        defer { client.stop() }
        let plugins = try #require(try client.call("plugins").get().arrayValue)
        var shapes: [String: String] = [:]
        for plugin in plugins {
            guard let name = plugin["name"]?.stringValue else { continue }
            shapes[name] = plugin["cellShape"]?.stringValue
        }
        #expect(shapes["circles"] == "round")
        for name in ["compositional", "flow", "guide", "mark-sheet", "tree", "waterfall"] {
            #expect(shapes[name] == "rectangle", "\(name)")
        }
    }
}
