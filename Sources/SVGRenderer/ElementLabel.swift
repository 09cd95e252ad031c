import LayoutKit

/// An element's label as every picture format draws it: its text, whether it is the muted
/// index-path placeholder of an element with no name, and the box it is set in.
///
/// A label starts at its element's leading edge, inset by `inset` points — the left edge, or
/// the right edge in a right-to-left view — and one too long for its box is cut at its end
/// with an ellipsis ("…"), never dropped and never cut at its start. Only an element too small
/// to hold an ellipsis at the smallest font size (`minimumFontSize`) has no label.
public struct ElementLabel: Equatable, Sendable {
    /// What the label says.
    public var text: String
    /// Whether `text` is the index path of an element with no name or title, drawn muted
    /// (grey, italic) so that it is not read as data.
    public var isPlaceholder: Bool

    public init(text: String, isPlaceholder: Bool) {
        self.text = text
        self.isPlaceholder = isPlaceholder
    }

    /// The smallest font size a label is set in, in points.
    public static let minimumFontSize = 4.0
    /// The largest font size, in points.
    public static let maximumFontSize = 12.0
    /// The space between the element's leading edge and its label, in points.
    public static let inset = 4.0
    /// The colour of placeholder labels.
    public static let mutedColour = ElementStyle.Colour(red: 0x6b, green: 0x72, blue: 0x80)

    /// A header's `title`, a cell's label, else, for a cell, its index path as a placeholder
    /// (`[0, 2]`); nil for supplementary and decoration views without a title (their colour
    /// says what they are; an index path on a connector or a separator would be noise).
    ///
    /// - Parameter cellLabel: a cell's text (e.g. its data item's name); nil for none.
    public init?(for attributes: LayoutAttributes, cellLabel: (ItemPath) -> String?) {
        if case .string(let title)? = attributes.extra["title"], !title.isEmpty {
            self.init(text: title, isPlaceholder: false)
            return
        }
        guard attributes.element.category == .cell else { return nil }
        if let label = cellLabel(attributes.element.path), !label.isEmpty {
            self.init(text: label, isPlaceholder: false)
            return
        }
        let path = attributes.element.path
        self.init(text: "[\(path.section), \(path.item)]", isPlaceholder: true)
    }

    /// Where a label is set in an element: the font size, and the line the text may fill.
    public struct Box: Equatable, Sendable {
        /// In points: the frame's height × 0.6, at most `maximumFontSize`.
        public var fontSize: Double
        /// The leading edge of the text: its left end, or its right end right to left.
        public var leadingX: Double
        /// The vertical centre of the line.
        public var midY: Double
        /// The widest the text may be, in points.
        public var width: Double
        public var direction: LayoutDirection
    }

    /// The box a label is set in within `frame`, or nil when the element is too small for
    /// any label (the font would be smaller than `minimumFontSize`, or no ellipsis fits).
    ///
    /// - Parameter isRound: the element is drawn as an ellipsis in its frame (the circles
    ///   layout's cells): the text keeps clear of its curved ends.
    public static func box(in frame: Rect, direction: LayoutDirection, isRound: Bool = false) -> Box? {
        let fontSize = min(maximumFontSize, frame.height * 0.6)
        let inset = isRound ? max(inset, frame.width * 0.12) : inset
        let width = frame.width - 2 * inset
        guard fontSize >= minimumFontSize, width >= TextWidth.ellipsis * fontSize else { return nil }
        let leadingX = direction == .rightToLeft ? frame.maxX - inset : frame.minX + inset
        return Box(fontSize: fontSize, leadingX: leadingX, midY: frame.midY, width: width, direction: direction)
    }

    /// `text` as it fits `width` points at `fontSize`: whole, or cut at its end with "…",
    /// by the estimated widths of `TextWidth` (formats that cannot measure text, such as SVG).
    ///
    /// The ellipsis follows the text's own direction: when the text runs against the view's
    /// `direction` (English in a right-to-left view, Arabic in a left-to-right one), a
    /// directional mark after it keeps it at the text's end, not at the line's.
    ///
    /// O(n) in the text's length.
    public static func fitted(
        _ text: String, width: Double, fontSize: Double, direction: LayoutDirection = .leftToRight
    ) -> String {
        let available = width / fontSize
        if TextWidth.estimate(text) <= available { return text }
        var kept = "", used = TextWidth.ellipsis
        for character in text {
            let next = TextWidth.estimate(character)
            if used + next > available { break }
            kept.append(character)
            used += next
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        switch (firstStrongDirection(of: kept), direction) {
        case (.rightToLeft?, .leftToRight): return kept + "…\u{200F}"  // RIGHT-TO-LEFT MARK
        case (.leftToRight?, .rightToLeft): return kept + "…\u{200E}"  // LEFT-TO-RIGHT MARK
        default: return kept + "…"
        }
    }

    /// The direction of the first letter of `text` with one (Unicode's rules P2–P3, for the
    /// scripts labels use): right to left for Hebrew, Arabic, Syriac, Thaana and N'Ko.
    static func firstStrongDirection(of text: String) -> LayoutDirection? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
                return .rightToLeft
            default:
                if scalar.properties.isAlphabetic { return .leftToRight }
            }
        }
        return nil
    }
}

/// Text widths in ems, estimated per character for a sans-serif face: wide for CJK and emoji,
/// narrow for punctuation and thin letters. On the generous side, so estimated lines fit.
public enum TextWidth {
    /// The width of "…".
    public static let ellipsis = 1.0

    /// The estimated width of `text`, in ems.
    public static func estimate(_ text: String) -> Double {
        text.reduce(0) { $0 + estimate($1) }
    }

    /// The estimated width of one character, in ems.
    public static func estimate(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.properties.isEmojiPresentation || character.unicodeScalars.count > 1 && scalar.properties.isEmoji {
            return 1.25
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 1.05
        case 0x20: return 0.3
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return 0.4
        case 0x69, 0x6A, 0x6C, 0x66, 0x74, 0x72, 0x49: return 0.35
        case 0x4D, 0x57, 0x6D, 0x77: return 0.9
        case 0x41...0x5A: return 0.7
        default: return 0.6
        }
    }
}
