/// Applies the link policy every open goes through (`LinkPolicy`).
@MainActor
public final class ReaderLinksInteractor: ReaderLinksUseCase {
    public init() {}

    public func openable(_ link: String) throws(OpenTargetError) -> String {
        let trimmed = link.trimmingWhitespace
        if let reason = LinkPolicy.refusal(for: trimmed) { throw .refused(link: trimmed, reason: reason) }
        return trimmed
    }
}
