/// The release version of Tidings, shared by `tidings` and `tidingsd`.
public enum TidingsVersion {
    public static let current = "0.1.0"
}
