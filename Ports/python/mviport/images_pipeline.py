"""The image pipeline (docs/features/images.md, "The pipeline"): a memory cache, a disk cache, one
download per cache key, cancellation and revalidation, over the replay's loader and clock."""

import json
from collections import OrderedDict
from .mutations import mutation
from .wire import image_call

EPOCH_2020 = 1577836800  # 2020-01-01T00:00:00Z in seconds since 1970
FNV_OFFSET, FNV_PRIME, MASK = 0xCBF29CE484222325, 0x100000001B3, (1 << 64) - 1


def fnv1a64(data):
    value = FNV_OFFSET
    for byte in data:
        value = ((value ^ byte) * FNV_PRIME) & MASK
    return value


def key_without_query(url):
    return url.split("#", 1)[0].split("?", 1)[0]


class Entry:
    def __init__(self, body, etag, stored_at):
        self.body = body
        self.etag = etag
        self.stored_at = stored_at


class MemoryCache:
    """Least recently used first out, bounded by bytes and by count."""

    def __init__(self, cost_limit, count_limit=500, entry_cost_fraction=0.1):
        self.cost_limit = cost_limit
        self.count_limit = count_limit
        self.entry_limit = cost_limit * entry_cost_fraction
        self.entries = OrderedDict()

    def get(self, key):
        entry = self.entries.get(key)
        if entry is not None:
            self.entries.move_to_end(key)
        return entry

    def peek(self, key):
        return self.entries.get(key)

    def put(self, key, entry):
        self.entries.pop(key, None)
        if len(entry.body) > self.entry_limit:
            return
        self.entries[key] = entry
        while len(self.entries) > self.count_limit or sum(len(e.body) for e in self.entries.values()) > self.cost_limit:
            self.entries.popitem(last=False)

    def clear(self):
        self.entries.clear()


class DiskCache:
    """One "file" per key: a JSON header line, a line feed, the bytes (kept in memory here)."""

    def __init__(self, size_limit, trim_ratio=0.7):
        self.size_limit = size_limit
        self.trim_ratio = trim_ratio
        self.files = {}  # name -> [content bytes, modification time]
        self.corrupt_removed = 0

    @staticmethod
    def name(key):
        return f"{fnv1a64(key.encode('utf-8')):016x}.image"

    def read(self, key, now):
        """The entry, or None for a miss; an unreadable file is removed and counted."""
        name = self.name(key)
        file = self.files.get(name)
        if file is None:
            return None
        entry = self._decode(file[0], key)
        if entry is None:
            del self.files[name]
            self.corrupt_removed += 1
            return None
        file[1] = now
        self.files[name] = self.files.pop(name)  # a hit makes the file the most recent, even within one instant
        return entry

    @staticmethod
    def _decode(content, key):
        head, separator, body = content.partition(b"\n")
        if not separator:
            return None
        try:
            header = json.loads(head.decode("utf-8"))
        except ValueError:
            return None
        if not isinstance(header, dict) or header.get("format") != 1 or header.get("key") != key:
            return None
        if header.get("length") != len(body) or header.get("checksum") != f"{fnv1a64(body):016x}":
            return None
        stored_at = header.get("storedAt")
        if not isinstance(stored_at, (int, float)) or isinstance(stored_at, bool):
            return None
        return Entry(body, header.get("etag"), stored_at)

    def write(self, key, entry, now):
        stored_at = round(entry.stored_at * 1000) / 1000  # images.35: whole milliseconds, shortest decimal
        if isinstance(stored_at, float) and stored_at.is_integer():
            stored_at = int(stored_at)  # whole seconds are written without a fraction: 1577836800, not 1577836800.0
        header = {"checksum": f"{fnv1a64(entry.body):016x}", "format": 1, "key": key,
                  "length": len(entry.body), "storedAt": stored_at}
        if entry.etag is not None:  # images.34: no etag member when there is none
            header["etag"] = entry.etag
        content = json.dumps(header, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8") \
            + b"\n" + entry.body
        name = self.name(key)
        self.files.pop(name, None)
        target = self.size_limit * self.trim_ratio
        if len(content) > target:
            return
        self.files[name] = [content, now]
        if self.total() > self.size_limit:
            for other in list(self.files):  # least recently written or read first
                if self.total() <= target:
                    break
                if other != name:
                    del self.files[other]

    def total(self):
        return sum(len(file[0]) for file in self.files.values())

    def damage(self, key, how):
        file = self.files.get(self.name(key))
        if file is None:
            return False
        content = file[0]
        file[0] = content[:-1] if how == "truncate" else content[:-1] + bytes([content[-1] ^ 1])
        return True

    def clear(self):
        self.files.clear()


class Download:
    def __init__(self, key, url):
        self.key = key
        self.url = url
        self.requesters = []  # [deliver], in the order they joined
        self.request = None
        self.stale = None  # (entry, source)
        self.done = False


class Requester:
    def __init__(self, pipeline, download, deliver):
        self._pipeline = pipeline
        self._download = download
        self.deliver = deliver

    def cancel(self):
        self._pipeline._leave(self._download, self)


class Pipeline:
    """`load(url, deliver)`: deliver((bytes, source)) or deliver(("failure", text)), at most once."""

    def __init__(self, env, key, max_age, memory, disk):
        self.env = env
        self.key = key
        self.max_age = max_age
        self.memory = memory
        self.disk = disk
        self.downloads = {}

    def now(self):
        return EPOCH_2020 + self.env.clock.now / 1000

    def fresh(self, entry):
        if mutation("images-fresh-at-max-age"):
            return self.now() - entry.stored_at <= self.max_age
        return self.now() - entry.stored_at < self.max_age

    def memory_hit(self, url):
        entry = self.memory.get(self.key(url))  # a lookup makes the entry the most recent, fresh or not
        if mutation("images-memory-hit-ignored"):
            return None
        return entry if entry is not None and self.fresh(entry) else None

    def load(self, url, deliver):
        """Returns None after a synchronous memory hit, else a handle whose cancel() ends this delivery."""
        hit = self.memory_hit(url)
        if hit is not None:
            deliver(("loaded", hit.body, "memory"))
            return None
        key = self.key(url)
        download = self.downloads.get(key)
        if download is None:
            download = Download(key, url)
            self.downloads[key] = download
            self.env.clock.schedule(0, lambda: self._lookup(download))
        requester = Requester(self, download, deliver)
        download.requesters.append(requester)
        return requester

    def _lookup(self, download):
        if download.done:
            return
        entry = self.disk.read(download.key, self.now())
        if entry is not None and self.fresh(entry):
            self.memory.put(download.key, entry)
            self._finish(download, ("loaded", entry.body, "disk"))
            return
        if entry is not None:
            download.stale = (entry, "disk")
        else:
            cached = self.memory.peek(download.key)
            if cached is not None:
                download.stale = (cached, "memory")
        etag = download.stale[0].etag if download.stale else None
        description = f"get {download.url}" + (f" if-none-match {etag}" if etag is not None else "")
        download.request = self.env.requests.open(description, lambda fields: self._answered(download, fields),
                                                  image_call(download.url, etag))

    def _answered(self, download, fields):
        if download.done or download.request.cancelled:
            return
        failure = fields.get("failure")
        status = fields.get("status")
        if failure is None and 200 <= status <= 299:
            body = fields.get("body", "").encode("utf-8")
            if not body:
                return self._fail(download, "empty body")
            entry = Entry(body, fields.get("etag"), self.now())
            self.memory.put(download.key, entry)
            self.disk.write(download.key, entry, self.now())
            return self._finish(download, ("loaded", body, "network"))
        if failure is None and status == 304:
            if download.stale is None:
                return self._fail(download, "304 Not Modified to a request without If-None-Match")
            stale, source = download.stale
            etag = fields["etag"] if "etag" in fields else stale.etag
            entry = Entry(stale.body, etag, self.now())
            self.memory.put(download.key, entry)
            self.disk.write(download.key, entry, self.now())
            return self._finish(download, ("loaded", stale.body, source))
        if failure is not None or status >= 500:
            if download.stale is not None:
                stale, source = download.stale
                return self._finish(download, ("loaded", stale.body, source))
            if failure == "timeout":
                return self._fail(download, "timed out")
            if failure == "transport":
                return self._fail(download, f"transport error: {fields.get('detail', 'connection failed')}")
        return self._fail(download, f"HTTP status {status}")

    def _fail(self, download, reason):
        self._finish(download, ("failure", f"{download.url}: {reason}"))

    def _finish(self, download, result):
        download.done = True
        self._forget(download)
        for requester in list(download.requesters):
            requester.deliver(result)

    def _leave(self, download, requester):
        if download.done or requester not in download.requesters:
            return
        download.requesters.remove(requester)
        if not download.requesters:
            download.done = True
            self._forget(download)
            if download.request is not None:
                download.request.cancel()

    def _forget(self, download):
        if self.downloads.get(download.key) is download:
            del self.downloads[download.key]

    def clear(self):
        self.memory.clear()
        self.disk.clear()
