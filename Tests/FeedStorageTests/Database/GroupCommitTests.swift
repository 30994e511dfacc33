@testable import FeedStorage
import Testing

struct GroupCommitTests {
    @Test func theFirstWriteStartsADrainAndTheOthersJoinIt() {
        let queue = GroupCommit<Int>(maximumBatch: 16)
        #expect(queue.enqueue(1))
        #expect(!queue.enqueue(2))
        #expect(!queue.enqueue(3))
        #expect(queue.nextBatch() == [1, 2, 3])
        #expect(!queue.enqueue(4), "the drain runs until it finds the queue empty")
        #expect(queue.nextBatch() == [4])
        #expect(queue.nextBatch().isEmpty)
        #expect(queue.enqueue(5), "an empty queue ended the drain: the next write starts another")
    }

    @Test func aBatchTakesAtMostItsMaximumOldestFirst() {
        let queue = GroupCommit<Int>(maximumBatch: 3)
        for write in 1...7 { _ = queue.enqueue(write) }
        #expect(queue.waitingCount == 7)
        #expect(queue.nextBatch() == [1, 2, 3])
        #expect(queue.nextBatch() == [4, 5, 6])
        #expect(queue.nextBatch() == [7])
        #expect(queue.nextBatch().isEmpty)
    }
}
