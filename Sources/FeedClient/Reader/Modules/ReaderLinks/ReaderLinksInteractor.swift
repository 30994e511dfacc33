/// Applies the link policy every open goes through (`LinkPolicy`).
@MainActor
public final class ReaderLinksInteractor: ReaderLinksUseCase {
    public init() {}

    public func openable(_ link: String) throws(OpenTargetError) -> String {
        try OpenTarget.openable(link)
    }
}
