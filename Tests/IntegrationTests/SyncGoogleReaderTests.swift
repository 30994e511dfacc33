import Foundation
import Testing
import TestSupport

/// Two-way sync with a Google Reader API server (the fake, signed in with a user and password)
/// through the real daemon and client: `SyncScenarios` run against `FakeGoogleReaderServer`.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SyncGoogleReaderTests {
    @Test func theFirstSyncBringsSubscriptionsItemsAndStatesAndShowsNoSecret() async throws {
        try await SyncScenarios.firstSync(.greader)
    }

    @Test func localStatesReachTheServiceByThemselvesAndWithSyncRun() async throws {
        try await SyncScenarios.localStatesReachTheService(.greader)
    }

    @Test func changesOfAnotherDeviceArriveWithSyncRun() async throws {
        try await SyncScenarios.remoteChangesArrive(.greader)
    }

    @Test func subscribeRenameTagAndUnsubscribeReachTheService() async throws {
        try await SyncScenarios.subscriptionsReachTheService(.greader)
    }

    @Test func aSecondFullSyncChangesNothing() async throws {
        try await SyncScenarios.fullSyncIsIdempotent(.greader)
    }
}
