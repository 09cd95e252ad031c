import LayoutKit
import PNGRenderer
import SVGRenderer
import Testing

/// Labels in pictures: set from the leading edge (the right edge right to left), cut at the end
/// with an ellipsis when too long, never dropped, in every script — the same in SVG and PNG.
struct LabelTests {
    /// One row of header cells 200 × 40 points, titled `titles`, starting at (0, 0).
    func headers(_ titles: [String]) -> [LayoutAttributes] {
        titles.enumerated().map { index, title in
            LayoutAttributes(
                element: ElementID(category: .supplementary, kind: "header", path: ItemPath(section: 0, item: index)),
                frame: Rect(x: Double(200 * index), y: 0, width: 200, height: 40), extra: ["title": .string(title)])
        }
    }

    func picture(_ titles: [String], direction: LayoutDirection = .leftToRight) throws -> PNGPainter.Picture {
        try PNGPainter().render(
            rect: Rect(x: 0, y: 0, width: Double(200 * titles.count), height: 40), elements: headers(titles),
            direction: direction)
    }

    /// Whether any pixel of `rect` (points = pixels) has the colour of label text, dark.
    func hasInk(_ image: PNGImage, in rect: Rect) -> Bool {
        for y in Int(rect.minY)..<Int(rect.maxY.rounded(.up)) {
            for x in Int(rect.minX)..<Int(rect.maxX.rounded(.up)) {
                let colour = image.colour(x: x, y: y)
                if Int(colour.red) + Int(colour.green) + Int(colour.blue) < 300 { return true }
            }
        }
        return false
    }

    static let scripts = ["مرحبا بالعالم", "שלום עולם", "中文标题", "🎉"]

    @Test func arabicHebrewCJKAndEmojiHaveAGlyphForEveryCharacter() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let drawn = try picture(Self.scripts, direction: direction)
            #expect(drawn.labels.map(\.label.text) == Self.scripts)
            #expect(drawn.labels.map(\.missingGlyphs) == [0, 0, 0, 0], "install the fonts the README names")
            #expect(drawn.labels.allSatisfy { !$0.isEllipsized })
            let image = try PNGImage(decoding: drawn.png)
            for label in drawn.labels.dropLast() { #expect(hasInk(image, in: label.inkFrame)) }
        }
    }

    @Test func labelsStartAtTheLeadingEdgeAndRightToLeftAtTheRightEdge() throws {
        let leftToRight = try picture(Self.scripts + ["Mathematics"])
        for (index, label) in leftToRight.labels.enumerated() {
            let frameX = Double(200 * index)
            #expect(abs(label.inkFrame.minX - (frameX + ElementLabel.inset)) < 2.5, "\(label)")
            #expect(label.inkFrame.maxX < frameX + 100)
        }
        let rightToLeft = try picture(Self.scripts + ["Mathematics"], direction: .rightToLeft)
        for (index, label) in rightToLeft.labels.enumerated() {
            let frameMaxX = Double(200 * index + 200)
            #expect(abs(label.inkFrame.maxX - (frameMaxX - ElementLabel.inset)) < 2.5, "\(label)")
            #expect(label.inkFrame.minX > frameMaxX - 100)
        }
    }

    @Test func aLongLabelIsCutAtItsEndWithAnEllipsisInsideItsElement() throws {
        let long = "Good Morning Britain with the news, the weather and the sport"
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let drawn = try picture(
                [long, "الرياضيات والفيزياء والكيمياء والأحياء والتاريخ والجغرافيا"], direction: direction)
            #expect(drawn.labels.count == 2)
            for (index, label) in drawn.labels.enumerated() {
                #expect(label.isEllipsized)
                let frame = Rect(x: Double(200 * index), y: 0, width: 200, height: 40)
                #expect(label.inkFrame.minX >= frame.minX + ElementLabel.inset - 1)
                #expect(label.inkFrame.maxX <= frame.maxX - ElementLabel.inset + 1)
                #expect(label.inkFrame.width > 150, "cut at the end only: the text fills its line")
            }
        }
        #expect(!(try picture(["Mathematics"]).labels[0].isEllipsized))
    }

    @Test func cellsWithoutANameShowTheirIndexPathMuted() throws {
        let cell = LayoutAttributes(
            element: ElementID(category: .cell, kind: nil, path: ItemPath(section: 0, item: 2)),
            frame: Rect(x: 0, y: 0, width: 120, height: 30))
        let label = try #require(ElementLabel(for: cell, cellLabel: { _ in nil }))
        #expect(label == ElementLabel(text: "[0, 2]", isPlaceholder: true))
        #expect(ElementLabel(for: cell, cellLabel: { _ in "Ann" }) == ElementLabel(text: "Ann", isPlaceholder: false))
        let connector = LayoutAttributes(
            element: ElementID(category: .supplementary, kind: "connector", path: ItemPath(section: 0, item: 2)),
            frame: Rect(x: 0, y: 0, width: 20, height: 300))
        #expect(ElementLabel(for: connector, cellLabel: { _ in "Ann" }) == nil, "no index path on a connector")
        let drawn = try PNGPainter().render(rect: Rect(x: 0, y: 0, width: 120, height: 30), elements: [cell])
        #expect(drawn.labels.map(\.label) == [label])
        let image = try PNGImage(decoding: drawn.png)
        #expect(!hasInk(image, in: drawn.labels[0].inkFrame), "muted grey, not the text colour")
        let svg = SVGPainter().render(title: "t", contentSize: Size(width: 120, height: 30), elements: [cell])
        #expect(svg.contains(##"font-style="italic" fill="#6b7280">[0, 2]</text>"##))
    }

    @Test func theSVGDrawsTheSameLabelsFromTheLeadingEdgeWithAnEllipsis() throws {
        let titles = ["Good Morning Britain with the news, the weather and the sport", "Mathematics", "中文标题"]
        let svg = SVGPainter().render(
            title: "t", contentSize: Size(width: 600, height: 40), elements: headers(titles))
        #expect(
            svg.contains(
                ##"<text x="4" y="24.20" font-size="12" text-anchor="start" fill="#222233">Good Morning Britain with the…</text>"##
            ))
        #expect(svg.contains(#"<text x="204" "#) && svg.contains(">Mathematics</text>"))
        #expect(svg.contains(">中文标题</text>"))
        let rightToLeft = SVGPainter().render(
            title: "t", contentSize: Size(width: 600, height: 40), elements: headers(titles), direction: .rightToLeft)
        #expect(rightToLeft.contains(#"<text x="396" y="24.20" font-size="12" direction="rtl" text-anchor="start""#))
        #expect(rightToLeft.components(separatedBy: "<text ").count - 1 == 3)
    }

    @Test func onlyElementsTooSmallForAnEllipsisHaveNoLabel() {
        #expect(ElementLabel.box(in: Rect(x: 0, y: 0, width: 20, height: 30), direction: .leftToRight) != nil)
        #expect(ElementLabel.box(in: Rect(x: 0, y: 0, width: 15, height: 30), direction: .leftToRight) == nil)
        #expect(ElementLabel.box(in: Rect(x: 0, y: 0, width: 200, height: 6), direction: .leftToRight) == nil)
        #expect(ElementLabel.fitted("Mathematics", width: 20, fontSize: 12) == "…")
        #expect(ElementLabel.fitted("Mathematics", width: 200, fontSize: 12) == "Mathematics")
        #expect(ElementLabel.fitted("The Big Bang Theory", width: 60, fontSize: 12) == "The Big…")
    }

    @Test func anEllipsisStaysAtTheEndOfTextThatRunsAgainstTheView() {
        #expect(ElementLabel.fitted("A very long English title", width: 60, fontSize: 12) == "A very l…")
        #expect(
            ElementLabel.fitted("A very long English title", width: 60, fontSize: 12, direction: .rightToLeft)
                == "A very l…\u{200E}")
        #expect(
            ElementLabel.fitted("مرحبا بالعالم الكبير", width: 60, fontSize: 12, direction: .rightToLeft)
                .hasSuffix("…"))
        #expect(ElementLabel.fitted("مرحبا بالعالم الكبير", width: 60, fontSize: 12).hasSuffix("…\u{200F}"))
        #expect(ElementLabel.fitted("[0, 2] مرحبا", width: 200, fontSize: 12) == "[0, 2] مرحبا")
    }
}
