"""Drives a Google Reader API server with the official client (google-reader 0.0.3) end to
end and prints a JSON summary of what the client saw. Arguments: base URL, user, password.
Exits 1 with a message on the first surprise."""
import json
import sys

import google_reader as gr

base_url, user, password = sys.argv[1:4]
summary = {}


def check(condition, message):
    if not condition:
        print(f"google reader check failed: {message}", file=sys.stderr)
        sys.exit(1)


client = gr.Client(base_url)
try:
    client.login(user, "wrong")
    check(False, "a wrong password was accepted")
except gr.AuthenticationError:
    summary["bad_login"] = True
auth = client.login(user, password)
token = client.get_token(auth)
summary["user"] = client.get_user_info(auth).user_name
try:
    client.edit_tags(auth, "stale-token", ["1"], add_tags=[gr.STREAM_READ])
    check(False, "a wrong T token was accepted")
except gr.AuthenticationError:
    summary["bad_token"] = True

# The test made feed 1 ("Kitchen") with entries before running this script.
subscriptions = client.list_subscriptions(auth)
summary["subscriptions"] = [f"{s.id}|{s.title}|{','.join(c.label for c in s.categories)}" for s in subscriptions]

added = client.quick_add_subscription(auth, token, "https://news.example.org/rss")
summary["quickadd"] = added.stream_id
client.edit_subscription(auth, token, added.stream_id, "edit", add_label_id=gr.get_label_id("News"), title="Daily News")
client.edit_subscription(auth, token, "feed/https://podcast.example.org/feed", "subscribe", add_label_id=gr.get_label_id("Audio"))
subscriptions = {s.id: s for s in client.list_subscriptions(auth)}
news = subscriptions[added.stream_id]
check(news.title == "Daily News" and news.categories[0].label == "News", f"edited subscription {news}")
summary["subscription_count"] = len(subscriptions)
summary["tags"] = sorted(t.id for t in client.list_tags(auth))

# Item ids: all, unread only (xt), starred only (it), paged with continuation, oldest first.
everything = client.get_stream_items_ids(auth, gr.STREAM_READING_LIST, limit=1000)
summary["all_ids"] = [r.id for r in everything.item_refs]
unread = client.get_stream_items_ids(auth, gr.STREAM_READING_LIST, exclude_target=gr.STREAM_READ)
summary["unread_ids"] = [r.id for r in unread.item_refs]
starred = client.get_stream_items_ids(auth, gr.STREAM_READING_LIST, include_target=gr.STREAM_STARRED)
summary["starred_ids"] = [r.id for r in starred.item_refs]
pages, continuation = [], None
while True:
    page = client.get_stream_items_ids(auth, "feed/1", limit=2, continuation=continuation, direction="asc")
    pages.append([r.id for r in page.item_refs])
    continuation = page.continuation
    if not continuation:
        break
summary["pages"] = pages
summary["label_ids"] = [r.id for r in client.get_stream_items_ids(auth, gr.get_label_id("Kitchen")).item_refs]

# Contents, by long and short ids.
ids = summary["all_ids"][:3]
contents = client.get_stream_items_contents(auth, token, [gr.get_long_item_id(int(ids[0]))] + ids[1:])
summary["content_ids"] = [i.id for i in contents.items]
summary["first_categories"] = sorted(contents.items[0].categories)
item = contents.items[0]
check(item.summary.content.startswith("<"), "summary is HTML")
check(item.origin.stream_id.startswith("feed/"), "origin")
check(item.canonical and item.alternate, "links")
check(len(item.timestamp_usec) >= 16 and len(item.crawl_time_msec) >= 13, "timestamps")

# State changes.
client.edit_tags(auth, token, ids[:2], add_tags=[gr.STREAM_READ])
client.edit_tags(auth, token, [gr.get_long_item_id(int(ids[2]))], add_tags=[gr.STREAM_STARRED])
client.edit_tags(auth, token, ids[:1], remove_tags=[gr.STREAM_READ])
summary["read_after"] = [r.id for r in client.get_stream_items_ids(auth, gr.STREAM_READ).item_refs]
summary["starred_after"] = [r.id for r in client.get_stream_items_ids(auth, gr.STREAM_STARRED).item_refs]

client.rename_tag(auth, token, gr.get_label_id("Audio"), "Podcasts")
client.disable_tag(auth, token, gr.get_label_id("News"))
summary["tags_after"] = sorted(t.label for t in client.list_tags(auth) if t.label)
client.edit_subscription(auth, token, added.stream_id, "unsubscribe")
summary["subscriptions_after"] = sorted(s.title for s in client.list_subscriptions(auth))
client.mark_all_as_read(auth, token, "feed/1")
summary["unread_after_mark_all"] = len(client.get_stream_items_ids(auth, "feed/1", exclude_target=gr.STREAM_READ).item_refs)

print(json.dumps(summary, sort_keys=True))
