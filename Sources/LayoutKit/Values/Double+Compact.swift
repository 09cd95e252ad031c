extension Double {
    /// The number as people write it: "400" rather than "400.0", "12.5" as is.
    public var compactDescription: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : description
    }
}
