import FeedEntities
import FeedIPC
@testable import FeedClient

final class ItemStateViewSpy: ItemStateView {
    private(set) var outcomes: [ItemStateOutcome] = []
    private(set) var failures: [CommandFailure] = []
    func showOutcome(_ outcome: ItemStateOutcome) { outcomes.append(outcome) }
    func showFailure(_ failure: CommandFailure) { failures.append(failure) }
}

final class ItemStateUseCaseStub: ItemStateUseCase {
    var result: Result<ItemStateChange, any Error>
    private(set) var applied: [(action: ItemStateAction, selection: ItemSelection)] = []
    init(_ result: Result<ItemStateChange, any Error>) { self.result = result }
    func apply(_ action: ItemStateAction, to selection: ItemSelection) async throws -> ItemStateChange {
        applied.append((action, selection))
        return try result.get()
    }
}
