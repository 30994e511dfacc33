import Foundation
import Testing
import FeedParsing

/// A real-looking article, rendered whole.
@Suite struct HTMLTextRendererFixtureTests {
    private let articleURL = "https://courier.example/2024/07/14/heatwave"

    private func article() throws -> String {
        String(decoding: try FixtureLoader.data("html/news-article.html"), as: UTF8.self)
    }

    @Test func newsArticleAtSixtyColumns() throws {
        let rendered = HTMLTextRenderer(width: 60).render(try article(), baseURL: articleURL)
        #expect(
            rendered.text == """
                Heatwave grips the north: what we know
                ======================================

                By María López[1] — 14 July 2024

                [image: A thermometer reading 41 °C in the town square][2]
                Temperatures passed 41 °C on Sunday. Photo: J. Smith[3]

                Temperatures reached record highs across the region on
                Sunday, with the national weather service issuing its first
                ever red warning for the area. Officials urged residents to
                stay indoors between noon and 6 p.m.

                What the forecasters say
                ------------------------

                > We have not seen numbers like these since records began in
                > 1884. The next three days will be the hardest.
                >
                > — Dr. Anna Berg, National Weather Service[4]

                ### How to stay safe

                1. Drink water regularly, even if you are not thirsty.
                2. Check on neighbours who live alone:
                   ◦ older people
                   ◦ people with heart or lung conditions
                     ▪ ask whether they have enough medication
                3. Keep curtains closed on the sunny side of your home.

                Forecast for the coming days:

                Day     | High  | Low
                --------+-------+------
                Monday  | 39 °C | 24 °C
                Tuesday | 37 °C | 22 °C

                Developers can fetch the data themselves:

                curl -s https://api.example.gov/v1/forecast?region=north \\
                    | jq '.days[] | {date, high}'

                Read the full warning[5], the council’s heat plan[6], or
                write to the newsdesk[7]. Share on social media.
                """)
        #expect(
            rendered.links == [
                "https://courier.example/authors/maria-lopez",
                "https://courier.example/img/2024/07/thermometer.jpg",
                "https://photos.example.org/j-smith",
                "https://weather.example.gov/",
                "https://weather.example.gov/warnings/red",
                "https://courier.example/2024/07/13/heat-plan",
                "mailto:newsdesk@courier.example",
            ])
        #expect(!rendered.isTruncated)
    }

    @Test(arguments: [12, 20, 33, 40, 80, 132])
    func newsArticleFitsEveryWidth(width: Int) throws {
        let rendered = HTMLTextRenderer(width: width).render(try article(), baseURL: articleURL)
        let codeLines: Set<Substring> = [
            "curl -s https://api.example.gov/v1/forecast?region=north \\", "    | jq '.days[] | {date, high}'",
        ]
        for line in rendered.text.split(separator: "\n") where !codeLines.contains(line) {
            #expect(displayWidth(line) <= width, "\(line)")
        }
        // Wrapping moves words (and repeats the quote prefix); it never loses or reorders them.
        func words(_ text: String) -> [Substring] {
            text.split(whereSeparator: \.isWhitespace).filter { $0 != ">" }
        }
        let wide = HTMLTextRenderer(width: 0).render(try article(), baseURL: articleURL)
        if width >= 40 {
            #expect(words(rendered.text) == words(wide.text))
        }
        #expect(rendered.links == wide.links)
    }

    @Test func renderingIsTheSameOnEveryThread() async throws {
        let html = try article()
        let renderer = HTMLTextRenderer(width: 72)
        let expected = renderer.render(html, baseURL: articleURL)
        let results = await withTaskGroup(of: RenderedText.self) { group in
            for _ in 0..<8 { group.addTask { renderer.render(html, baseURL: articleURL) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// Terminal columns of `line`, counted independently of the renderer: two for East Asian wide
/// characters and emoji, none for combining marks, one otherwise.
func displayWidth(_ line: some StringProtocol) -> Int {
    line.reduce(0) { total, character in
        let scalar = character.unicodeScalars.first!
        if scalar.properties.generalCategory == .nonspacingMark { return total }
        let wide = (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
            || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
            || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
        return total + (wide ? 2 : 1)
    }
}
