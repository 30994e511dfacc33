import FeedFetching
import Foundation
import Synchronization

/// A `RemoteDataManager` that answers from a table, counting requests per URL.
final class RemoteDataManagerStub: RemoteDataManager {
    private let answers = Mutex<[String: Result<FetchResponse, FetchError>]>([:])
    private let counts = Mutex<[String: Int]>([:])

    func serve(_ url: String, body: String, contentType: String = "application/rss+xml") {
        answers.withLock { $0[url] = .success(FetchResponse(finalURL: url, status: 200, body: Data(body.utf8), contentType: contentType)) }
    }

    func fail(_ url: String, with error: FetchError) {
        answers.withLock { $0[url] = .failure(error) }
    }

    func requests(for url: String) -> Int {
        counts.withLock { $0[url] ?? 0 }
    }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        counts.withLock { $0[request.url, default: 0] += 1 }
        let answer = answers.withLock { $0[request.url] } ?? .failure(.httpStatus(404))
        return try answer.get()
    }
}
