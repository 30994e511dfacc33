"""Drives a miniflux server with the official client (miniflux 1.1.6) end to end and prints
a JSON summary of what the client saw. Arguments: base URL, API key, user, password, and the
id of an entry the test starred beforehand. Exits 1 with a message on the first surprise."""
import json
import sys

import miniflux

base_url, api_key, user, password = sys.argv[1:5]
summary = {}


def check(condition, message):
    if not condition:
        print(f"miniflux check failed: {message}", file=sys.stderr)
        sys.exit(1)


client = miniflux.Client(base_url, api_key=api_key)
summary["me"] = client.me()["username"]
summary["version"] = client.get_version()["version"]

# HTTP Basic works too; a wrong key is refused with miniflux's message.
basic = miniflux.Client(base_url, username=user, password=password)
check(basic.me()["username"] == user, "basic auth")
try:
    miniflux.Client(base_url, api_key="wrong").me()
    check(False, "a wrong API key was accepted")
except miniflux.AccessUnauthorized as error:
    summary["unauthorized"] = str(error)

category = client.create_category("Tech")
summary["category_id"] = category["id"]
check(category["title"] == "Tech" and category["user_id"] == 1, f"category {category}")
try:
    client.create_category("Tech")
    check(False, "a duplicate category was accepted")
except miniflux.BadRequest as error:
    summary["duplicate_category"] = str(error)
summary["categories"] = sorted(c["title"] for c in client.get_categories())

feed_id = client.create_feed("https://blog.example.net/feed.xml", category_id=category["id"])
summary["feed_id"] = feed_id
try:
    client.create_feed("https://blog.example.net/feed.xml")
    check(False, "a duplicate feed was accepted")
except miniflux.BadRequest as error:
    summary["duplicate_feed"] = str(error)
try:
    client.create_feed("ftp://nowhere")
    check(False, "a bad URL was accepted")
except miniflux.BadRequest as error:
    summary["bad_url"] = str(error)
feeds = client.get_feeds()
summary["feeds"] = sorted(f["feed_url"] for f in feeds)
feed = client.get_feed(feed_id)
check(feed["category"]["title"] == "Tech", f"feed category {feed['category']}")

# The test added entries to the first feed (id 1) before running this script.
everything = client.get_entries(limit=0)
summary["total"] = everything["total"]
entry = everything["entries"][0]
for key in ["id", "user_id", "feed_id", "status", "hash", "title", "url", "comments_url", "published_at",
            "created_at", "changed_at", "content", "author", "share_code", "starred", "reading_time",
            "enclosures", "tags", "feed"]:
    check(key in entry, f"entry field {key} missing")
check(entry["feed"]["category"]["id"] > 0, "entry.feed.category")
published = [e["published_at"] for e in everything["entries"]]
check(published == sorted(published), "default order is published_at asc")

# Paging: total counts the whole filtered set; pages do not overlap.
seen = []
offset = 0
while True:
    page = client.get_entries(status=["unread"], order="id", direction="desc", limit=3, offset=offset)
    check(page["total"] == len([e for e in everything["entries"] if e["status"] == "unread"]), "paged total")
    if not page["entries"]:
        break
    seen += [e["id"] for e in page["entries"]]
    offset += 3
check(seen == sorted(seen, reverse=True) and len(seen) == len(set(seen)), "pages in order, no repeats")
summary["unread_paged"] = len(seen)

summary["both_statuses"] = client.get_entries(status=["read", "unread"], limit=0)["total"]
summary["feed_entries"] = client.get_feed_entries(1, limit=0)["total"]
summary["after_entry_id"] = [e["id"] for e in client.get_entries(after_entry_id=2, order="id", limit=0)["entries"]]
summary["search"] = client.get_entries(search="Marmalade", limit=0)["total"]

# Read/unread and bookmarks.
ids = [e["id"] for e in everything["entries"][:2]]
client.update_entries(ids, status="read")
check(all(client.get_entry(i)["status"] == "read" for i in ids), "marked read")
client.update_entries(ids[:1], status="unread")
summary["read_ids"] = ids[1:]
client.toggle_bookmark(ids[0])
summary["starred"] = [e["id"] for e in client.get_entries(starred=True, limit=0)["entries"]]
summary["changed_after"] = client.get_entries(changed_after=int(sys.argv[5]), limit=0)["total"]

try:
    client.update_entries([], status="read")
    check(False, "an empty entry list was accepted")
except miniflux.BadRequest as error:
    summary["empty_ids"] = str(error)
try:
    client.get_entries(order="nonsense")
    check(False, "a bad order was accepted")
except miniflux.BadRequest as error:
    summary["bad_order"] = str(error)

updated = client.update_feed(feed_id, title="Renamed", category_id=1)
check(updated["title"] == "Renamed" and updated["category"]["id"] == 1, f"updated feed {updated}")
client.mark_feed_entries_as_read(1)
summary["unread_after_mark_all"] = client.get_feed_entries(1, status="unread")["total"]
client.delete_feed(feed_id)
try:
    client.get_feed(feed_id)
    check(False, "a deleted feed is still there")
except miniflux.ResourceNotFound:
    summary["deleted_feed"] = feed_id
client.update_category(category["id"], "Technology")
summary["renamed_category"] = [c["title"] for c in client.get_categories() if c["id"] == category["id"]][0]
client.delete_category(category["id"])
summary["categories_after_delete"] = sorted(c["title"] for c in client.get_categories())

print(json.dumps(summary, sort_keys=True))
