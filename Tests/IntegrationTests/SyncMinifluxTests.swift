import Foundation
import Testing
import TestSupport

/// Two-way sync with miniflux (the fake, signed in with an API token) through the real daemon
/// and client: `SyncScenarios` run against `FakeMinifluxServer`.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SyncMinifluxTests {
    @Test func theFirstSyncBringsSubscriptionsItemsAndStatesAndShowsNoSecret() async throws {
        try await SyncScenarios.firstSync(.miniflux)
    }

    @Test func localStatesReachTheServiceByThemselvesAndWithSyncRun() async throws {
        try await SyncScenarios.localStatesReachTheService(.miniflux)
    }

    @Test func changesOfAnotherDeviceArriveWithSyncRun() async throws {
        try await SyncScenarios.remoteChangesArrive(.miniflux)
    }

    @Test func subscribeRenameTagAndUnsubscribeReachTheService() async throws {
        try await SyncScenarios.subscriptionsReachTheService(.miniflux)
    }

    @Test func aSecondFullSyncChangesNothing() async throws {
        try await SyncScenarios.fullSyncIsIdempotent(.miniflux)
    }
}
