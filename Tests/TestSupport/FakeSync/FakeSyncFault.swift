/// A failure a fake sync server can be told to produce (`FakeSyncFaults.inject`), for the
/// bad-input tests of a sync client.
public enum FakeSyncFault: Sendable, Equatable {
    /// This status instead of the answer, with `body` (401, 404, 500 …). The request is not
    /// carried out.
    case status(Int, body: String = "")
    /// 429 or 503 with `Retry-After: seconds`; the request is not carried out.
    case retryAfter(status: Int, seconds: Int)
    /// 200 with `Content-Type: application/json` and a body that is not JSON.
    case garbage
    /// 200 with `Content-Type: application/json` and `bytes` of body, streamed out in 64 KiB
    /// pieces (the fake never holds it whole).
    case hugeBody(bytes: Int)
    /// The request is carried out, and its answer sent after `delay` (longer than the client's
    /// timeout, to trip it).
    case stall(Duration)
    /// The request is carried out, and the connection closed halfway through the answer's body
    /// (the whole body's `Content-Length` announced).
    case closeMidBody
}
