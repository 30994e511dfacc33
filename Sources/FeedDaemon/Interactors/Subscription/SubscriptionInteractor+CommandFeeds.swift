import FeedEntities
import FeedFetching
import FeedStorage

extension SubscriptionInteractor {
    /// Subscribes to a command feed (`exec:…`, `filter:…:URL`, see `FeedAddress`): runs it
    /// once through the fetcher and stores it under its canonical text when its output is a
    /// feed. There is nothing to probe (no scheme to guess) and nothing to discover: output
    /// that is not a feed is an error, whatever it links to.
    /// - Throws: `FetchError` for an address that cannot be read (one line naming what is
    ///   wrong) or a program that fails; `FeedStoreError.alreadySubscribed`,
    ///   `FeedParsingError`; nothing is stored when it throws.
    func subscribe(command raw: String, _ options: SubscriptionOptions) async throws -> (feed: Feed, itemCount: Int) {
        let address: FeedAddress
        do {
            address = try FeedAddress(raw)
        } catch {
            throw FetchError.other(error.description)
        }
        guard TextLimit.fits(address.text) else { throw SubscriptionError.tooLong(address.text) }
        try await refuseKnown(address.text)
        let tuning = feeds.tuning.current
        let request = FetchRequest(
            url: address.text, settings: try await feeds.transferSettings(options.settings), allowsCommand: true)
        return try await save(
            url: address.text, try await feeds.load(request, parser: tuning.parser(for: options.settings)), tuning, options)
    }
}
