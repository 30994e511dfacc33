import Foundation
import Testing
import FeedEntities
@testable import FeedParsing

/// How often a feed says it changes: RSS `<ttl>` and the RSS 1.0 syndication module.
@Suite("Scheduling hints")
struct SchedulingHintsTests {
    private func interval(_ channel: String, rdf: Bool = false) throws -> Double? {
        let xml = rdf
            ? #"<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>T</title>\#(channel)</channel></rdf:RDF>"#
            : #"<rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"><channel><title>T</title>\#(channel)</channel></rss>"#
        return try LibXMLFeedParser().parse(Data(xml.utf8), baseURL: nil, charset: nil).updateInterval
    }

    @Test func ttlIsInMinutes() throws {
        #expect(try interval("<ttl>60</ttl>") == 3600)
        #expect(try interval("<ttl> 15 </ttl>") == 900)
        #expect(try interval("<ttl>0</ttl>") == nil)
        #expect(try interval("<ttl>soon</ttl>") == nil)
        #expect(try interval("") == nil)
    }

    @Test func syndicationPeriodDividedByFrequency() throws {
        #expect(try interval("<sy:updatePeriod>hourly</sy:updatePeriod>", rdf: true) == 3600)
        #expect(try interval("<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency>", rdf: true) == 21_600)
        #expect(try interval("<sy:updatePeriod>Weekly</sy:updatePeriod><sy:updateFrequency>0</sy:updateFrequency>") == 604_800)
        #expect(try interval("<sy:updatePeriod>sometimes</sy:updatePeriod>") == nil)
    }

    @Test func theLongerOfBothWins() throws {
        #expect(try interval("<ttl>30</ttl><sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>") == 1800)
        #expect(try interval("<ttl>5</ttl><sy:updatePeriod>daily</sy:updatePeriod>") == 86_400)
    }
}
