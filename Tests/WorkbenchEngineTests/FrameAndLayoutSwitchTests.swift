import EngineProtocol
import JSON
import JSONRPC
import LayoutKit
import TestSupport
import Testing
import WorkbenchEngine

/// What a designer meets when the frame or the layout changes under a view: one range for the
/// frame's size, a layout error caused by the frame said at the frame (not at the data), and a
/// switch to another layout saying what it did with the view's data.
struct FrameAndLayoutSwitchTests {
    static let workspace = """
        workspace: designer
        sources:
          alarms:
            items: [120, 160, 80, 120, 80, 140, 100, 200]
        views:
          alarms:
            layout: circles
            source: alarms
            viewport: {width: 375, height: 667}
          narrow:
            layout: circles
            source: alarms
            viewport: {width: 100, height: 300}
        """

    static func client() throws -> EngineClient {
        let client = EngineClient(plugins: BuiltPlugins.inProcess)
        _ = try client.send(OpenRequest(.text(workspace, directory: "/"))).get()
        return client
    }

    static func invalidate(_ client: EngineClient, _ width: Double, _ height: Double) -> Result<
        InvalidateResponse, RPCError
    > {
        client.send(InvalidateRequest(view: "designer/alarms", bounds: Rect(x: 0, y: 0, width: width, height: height)))
    }

    @Test func aFrameSizeOutsideOneToTenThousandPointsIsRefusedWithItsRange() throws {
        let client = try Self.client()
        defer { client.stop() }
        for (width, height, side, value) in [(20000.0, 300.0, "width", "20000"), (300, 0, "height", "0")] {
            let answer = Self.invalidate(client, width, height)
            #expect(
                answer.failure
                    == .invalidParams("bounds.\(side): a frame's \(side) is from 1 to 10000 points, got \(value)"))
        }
        #expect(Self.invalidate(client, 10000, 1).failure == nil)
    }

    @Test func aLayoutErrorAtAFrameSizeIsLocatedAtTheViewportNotAtTheData() throws {
        let client = try Self.client()
        defer { client.stop() }
        _ = try Self.invalidate(client, 100, 300).get()
        let error = try #require(client.send(PrepareRequest(view: "designer/alarms")).failure)
        #expect(
            error.message
                == "view 'alarms' (circles) at the frame size 100 × 300 (the workspace's viewport: 375 × 667): "
                + "item [0, 0]: a circle of size 120 does not fit the 60-point row between the insets")
        #expect(error.data?["cause"]?.stringValue == "viewport")
        #expect(error.data?["line"]?.numberValue == 9)  // `viewport:` of the view, not the `items:` line (4)
        #expect(error.data?["column"]?.numberValue == 5)

        // At the workspace's own viewport the file is what to change: the data's line, as before.
        let own = try #require(client.send(PrepareRequest(view: "designer/narrow")).failure)
        #expect(own.data?["cause"] == nil)
        #expect(own.data?["line"]?.numberValue == 4)
    }

    @Test func aSwitchToAnotherLayoutSaysWhatItDidWithTheData() throws {
        let client = try Self.client()
        defer { client.stop() }
        _ = try client.send(PrepareRequest(view: "designer/alarms")).get()
        let answer = try client.send(TransitionRequest(view: "designer/alarms", layout: "guide")).get()
        let data = try #require(answer.data)
        #expect(data.from == "circles" && data.to == "guide")
        #expect(data.sections == 1 && data.items == 8)
        #expect(
            data.message
                == "guide lays out the data written for circles as it is (1 section, 8 items), not converted: "
                + "it reads it by its own model (A 2-D grid with sticky row and column headers, variable widths "
                + "and snapping (seed: TV guide)); its content is 800 × 30 points")
        // New options for the same layout leave the data's reading alone: nothing to say.
        let same = try client.send(TransitionRequest(view: "designer/alarms", layout: "guide", options: [:])).get()
        #expect(same.data == nil)
    }
}
