import FeedEntities
import Foundation

extension FeedRefresher {
    /// The feeds with next checks counted from a clock that ran ahead cut to what the schedule
    /// sets now (`RefreshSchedule.correctedNextCheck`), in the store too, so that `status` and
    /// `feeds` show them and later passes keep them. Reads nothing more: it works on the list
    /// each pass reads anyway, and writes only when the clock was set back.
    func correctingClockSetBack(_ feeds: [Feed], at now: Date) async -> [Feed] {
        let schedule = tuning.current.schedule
        var corrected = feeds
        for index in corrected.indices {
            guard let next = schedule.forFeed(corrected[index].settings).correctedNextCheck(of: corrected[index], at: now) else { continue }
            logger.notice(
                "feed \(corrected[index].id): last attempt is later than now (the clock was set back), next check brought forward to \(next)")
            corrected[index].nextCheck = next
            do {
                try await store.bringNextCheckForward(feedID: corrected[index].id, to: next)
            } catch {
                logger.failure(error)
            }
        }
        return corrected
    }
}
