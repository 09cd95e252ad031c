import EngineProtocol
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
        let plugins = try client.send(PluginsRequest()).get().plugins
        var shapes: [String: String] = [:]
        for plugin in plugins { shapes[plugin.name] = plugin.cellShape.rawValue }
        // And on the wire, as the page reads it.
        var writer = JSONWriter()
        try client.send(PluginsRequest()).get().write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self).contains(#""cellShape":"round","flipsHorizontally""#))
        #expect(shapes["circles"] == "round")
        for name in ["compositional", "flow", "guide", "mark-sheet", "tree", "waterfall"] {
            #expect(shapes[name] == "rectangle", "\(name)")
        }
    }
}
