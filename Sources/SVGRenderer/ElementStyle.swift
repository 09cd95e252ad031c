import LayoutKit

/// How pictures show an element, the same in every format (SVG, PNG): colours by category,
/// and the text of its label.
public enum ElementStyle {
    /// An sRGB colour, one byte a channel.
    public struct Colour: Equatable, Sendable {
        public var red, green, blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`.
        public var hex: String {
            "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
    }

    /// The picture's background.
    public static let background = Colour(red: 0xfb, green: 0xfb, blue: 0xfd)
    /// Labels.
    public static let text = Colour(red: 0x22, green: 0x22, blue: 0x33)

    /// A category's fill and outline colours.
    public static func colours(_ category: ElementCategory) -> (fill: Colour, stroke: Colour) {
        switch category {
        case .cell: return (Colour(red: 0xcf, green: 0xe3, blue: 0xff), Colour(red: 0x3b, green: 0x6f, blue: 0xb6))
        case .supplementary:
            return (Colour(red: 0xd9, green: 0xf2, blue: 0xd9), Colour(red: 0x3d, green: 0x8a, blue: 0x3d))
        case .decoration:
            return (Colour(red: 0x88, green: 0x88, blue: 0x88), Colour(red: 0x66, green: 0x66, blue: 0x66))
        }
    }

    /// `elements` in painting order: by zIndex, decoration views below the others of the same
    /// zIndex (UIKit: a decoration item of zIndex 0 "appears below all other items in the
    /// section"), then as given; hidden ones left out.
    public static func paintingOrder(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
        func layer(_ attributes: LayoutAttributes) -> Int { attributes.element.category == .decoration ? 0 : 1 }
        return elements.enumerated()
            .sorted {
                ($0.element.zIndex, layer($0.element), $0.offset) < ($1.element.zIndex, layer($1.element), $1.offset)
            }
            .map(\.element)
            .filter { !$0.isHidden }
    }
}
