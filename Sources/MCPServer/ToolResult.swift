import Foundation
import JSON
import JSONOutput
import PNGRenderer

/// A tool's successful answer: `structuredContent` (as its `outputSchema` says), the same
/// JSON as text (for clients that read only text), an optional summary for models, and PNG
/// pictures as image content.
struct ToolResult {
    var structured: JSONValue
    var summary: String?
    var pictures: [(caption: String, picture: PNGPainter.Picture)] = []

    /// `{content: [...], structuredContent, isError: false}`.
    var message: JSONValue {
        var content: [JSONValue] = []
        if let summary { content.append(["type": "text", "text": .string(summary)]) }
        for (caption, picture) in pictures {
            content.append(["type": "text", "text": .string(caption)])
            content.append([
                "type": "image", "mimeType": "image/png", "data": .string(Data(picture.png).base64EncodedString()),
            ])
        }
        var writer = JSONWriter()
        writer.json(structured)
        content.append(["type": "text", "text": .string(String(decoding: writer.bytes, as: UTF8.self))])
        return ["content": .array(content), "structuredContent": structured, "isError": false]
    }
}
