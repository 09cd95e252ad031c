import JSON
import JSONRPC
import LayoutKit
import RequestParams
import Testing

/// A request's params read as values, every mistake a -32602 naming the field's path.
struct ParamsTests {
    /// The message of the -32602 that `read` throws; nil if it throws nothing.
    static func error(_ read: () throws -> Void) -> String? {
        do {
            try read()
            return nil
        } catch {
            let error = error as? RPCError
            #expect(error?.code == -32602)
            return error?.message ?? "not an RPCError"
        }
    }

    @Test func wellFormedParamsReadAsValues() throws {
        let params = Params([
            "view": "w/v", "labels": true,
            "rect": ["x": -5, "y": 0.5, "width": 100, "height": 1e6],
            "element": ["category": "supplementary", "kind": "header", "section": 2, "item": 0],
        ])
        #expect(try params.string("view") == "w/v")
        #expect(try params.bool("labels"))
        #expect(try params.optionalString("missing") == nil)
        #expect(try params.rect("rect", coordinates: Params.queryRule) == Rect(x: -5, y: 0.5, width: 100, height: 1e6))
        #expect(
            try params.element("element")
                == ElementID(category: .supplementary, kind: "header", path: ItemPath(section: 2, item: 0)))
    }

    @Test func aMistakeNamesItsFieldsPath() {
        let params = Params(["rect": ["x": 0, "y": 0, "width": "wide", "height": -1], "element": ["category": "cell"]])
        #expect(Self.error { _ = try params.string("view") } == "invalid params: params.view is missing")
        #expect(
            Self.error { _ = try params.rect("rect") }
                == "invalid params: params.rect.width: expected a number from 0 to 1e15, got a string")
        #expect(
            Self.error { _ = try Params(["rect": ["x": 0, "y": 0, "width": 1, "height": -1]]).rect("rect") }
                == "invalid params: params.rect.height: expected a number from 0 to 1e15, got -1")
        #expect(Self.error { _ = try params.element("element") } == "invalid params: params.element.section is missing")
        #expect(
            Self.error { _ = try Params(["e": ["category": "header", "section": 0, "item": 0]]).element("e") }
                == #"invalid params: params.e.category: expected "cell", "supplementary" or "decoration", got "header""#
        )
        #expect(
            Self.error { _ = try Params(["e": ["category": "decoration", "section": 0, "item": 0]]).element("e") }
                == "invalid params: params.e.kind is missing (decoration views need one)")
    }

    @Test func aWholeNumberIsCheckedBeforeItIsConverted() throws {
        #expect(try Params(["i": 3]).integer("i") == 3)
        for bad: JSONValue in [2.5, -1, 1e300, .number(Double(Int32.max) + 1)] {
            let message = Self.error { _ = try Params(["i": bad]).integer("i") }
            #expect(
                message?.hasPrefix("invalid params: params.i: expected a whole number from 0 to 2147483647, got ")
                    == true, "\(message ?? "no error")")
        }
    }
}
