import FeedEntities
import FeedIPC
import Foundation
import Testing

struct ItemListDocumentTests {
    @Test func buildsTheListDocumentFromStoredItemsWithStringsAsTheyAre() {
        let item = Item(
            id: 12, feedID: 3, feedTitle: "Planet\u{1B}[2J", title: "$(touch /tmp/x)", link: "", author: "Ada",
            published: Date(timeIntervalSince1970: 1_795_860_000), firstSeen: Date(timeIntervalSince1970: 0), isStarred: true)
        #expect(ItemListDocument.json(items: [item]).text == #"""
            {"items":[{"number":12,"title":"$(touch /tmp/x)","link":null,"feed":"Planet\u001b[2J","feedNumber":3,"author":"Ada","published":"2026-11-28T10:00:00Z","read":false,"starred":true,"alsoIn":[],"tags":[],"excerpt":null}]}
            """#)
    }

    @Test func anUntitledItemCarriesTheFirstWordsOfItsText() {
        var item = Item(id: 1, feedID: 1, feedTitle: "Micro", title: nil, firstSeen: Date(timeIntervalSince1970: 0))
        item.excerpt = "Just shipped it"
        #expect(ItemListDocument.json(items: [item]).text.hasSuffix(#""title":"","link":null,"feed":"Micro","feedNumber":1,"author":null,"published":null,"read":false,"starred":false,"alsoIn":[],"tags":[],"excerpt":"Just shipped it"}]}"#))
        // Only an untitled item has one.
        item.title = "Title"
        #expect(ItemListDocument.json(items: [item]).text.hasSuffix(#""excerpt":null}]}"#))
    }

    @Test func passesEveryStringThroughTheCleaner() {
        let entry = ItemListDocument.Entry(
            number: 1, title: "t", link: "l", feed: "f", feedNumber: 2, author: nil, published: nil, read: true, starred: false)
        #expect(ItemListDocument.object(entry, text: { $0.uppercased() }, extra: [("snippet", .string("s"))]).text
            == #"{"number":1,"title":"T","link":"L","feed":"F","feedNumber":2,"author":null,"published":null,"read":true,"starred":false,"snippet":"s","alsoIn":[],"tags":[],"excerpt":null}"#)
        #expect(ItemListDocument.json([]).text == #"{"items":[]}"#)
    }
}
