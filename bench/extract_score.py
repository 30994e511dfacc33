#!/usr/bin/env python3
"""bench/extract's scorer: word-shingle F1 of extracted texts against expected ones.

The metric of the public article-extraction benchmarks (scrapinghub's
article-extraction-benchmark, which trafilatura's and go-trafilatura's figures use): words are
runs of \\w characters; shingles are the 4-grams of words, counted; per page, true positives,
false positives and false negatives of shingles, normalised so each page weighs the same;
precision and recall are the means over pages (a page with nothing predicted has no
precision, one with nothing expected no recall), and F1 is their harmonic mean.

Usage: extract_score.py EXPECTED.json PREDICTED.json [PREDICTED.json ...]
  each file: {"page name": "text", ...}
"""
import json
import re
import sys
from collections import Counter

WORD = re.compile(r"\w+", re.UNICODE)


def shingles(text, n=4):
    words = WORD.findall(text or "")
    grams = [tuple(words[i:i + n]) for i in range(max(1, len(words) - n + 1))]
    return Counter(g for g in grams if g)


def page_counts(expected, predicted):
    truth, guess = shingles(expected), shingles(predicted)
    tp = sum((truth & guess).values())
    fp = sum((guess - truth).values())
    fn = sum((truth - guess).values())
    total = tp + fp + fn
    return (tp / total, fp / total, fn / total) if total else (0.0, 0.0, 0.0)


def precision(tp, fp, fn):
    if fp == 0 and fn == 0:
        return 1.0
    return 0.0 if tp == 0 and fp == 0 else tp / (tp + fp)


def recall(tp, fp, fn):
    if fp == 0 and fn == 0:
        return 1.0
    return 0.0 if tp == 0 and fn == 0 else tp / (tp + fn)


def score(expected, predicted):
    counts = [page_counts(expected[name], predicted.get(name, "")) for name in sorted(expected)]
    precisions = [precision(*c) for c in counts if c[0] + c[1] > 0]
    recalls = [recall(*c) for c in counts if c[0] + c[2] > 0]
    p = sum(precisions) / len(precisions) if precisions else 0.0
    r = sum(recalls) / len(recalls) if recalls else 0.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f1, counts


def main():
    expected = json.load(open(sys.argv[1], encoding="utf-8"))
    if not expected:
        sys.exit("extract_score: no expected pages")
    for path in sys.argv[2:]:
        predicted = json.load(open(path, encoding="utf-8"))
        p, r, f1, _ = score(expected, predicted)
        print(f"{path.rsplit('/', 1)[-1].removesuffix('.json'):<18} precision={p:.3f} recall={r:.3f} F1={f1:.3f}")


if __name__ == "__main__":
    main()
