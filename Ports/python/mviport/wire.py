"""The wire level (docs/porting.md, "The wire level"): the port's own HTTP client, standard library
only, against the mock server the runner holds for the scenario.

Each request is sent on a connection of its own (http.client); its bytes are written before
`WireClient.send` returns, and then the port waits for the server's admin call
`GET /__admin/requests/next?timeoutMs=20000` to answer 200, so that the server's n-th exchange is
the port's `request #n`. The runner has staged every answer of the scenario on its server; a
`respond #n` step releases exchange n's (`POST /__admin/requests/<n>/release`), waits for the
response, read in a thread of its own, and the feature's data source reads it (`kittens_call`, `news_call`, `image_call` below) into the
same answer a `respond` line stands for in memory. A cancelled request closes its connection."""

import http.client
import socket
import threading
from urllib.parse import urlsplit

from .engine import ScenarioError

# How long the port waits for a request to reach the server, and for a released answer to come back.
ARRIVAL_MS = 20000
PATIENCE_SECONDS = 30


class HttpCall:
    """What a real data source sends (`target`: path and query; `headers`; the key in `key_header`)
    and how it reads what came back into a `respond` line's fields (`read`)."""

    def __init__(self, target, headers, read, key_header=None):
        self.target = target
        self.headers = headers
        self.read = read
        self.key_header = key_header


class WireClient:
    """The scenario message's `wire` object: `baseURL`, `apiKey`, `timeoutSeconds`."""

    def __init__(self, config):
        if not isinstance(config, dict):
            raise ScenarioError('the scenario\'s "wire" is not an object')
        parts = urlsplit(str(config.get("baseURL", "")))
        if parts.scheme != "http" or parts.hostname is None or parts.port is None:
            raise ScenarioError(f'wire.baseURL: expected "http://127.0.0.1:<port>", got {config.get("baseURL")!r}')
        self.host, self.port, self.prefix = parts.hostname, parts.port, parts.path.rstrip("/")
        self.api_key = config.get("apiKey")
        self.timeout = config.get("timeoutSeconds")
        if not isinstance(self.timeout, int) or self.timeout < 1:
            raise ScenarioError("wire.timeoutSeconds: expected a whole number of seconds, 1 or more")
        self.exchanges = []
        self.arrived = 0  # the exchanges the server has read: the next one is number arrived + 1

    def send(self, call):
        """Sends `call` and returns once the server has read it: its `Exchange`."""
        headers = dict(call.headers)
        if call.key_header is not None and self.api_key:
            headers[call.key_header] = self.api_key
        # Header values go out as UTF-8 bytes, as URLSession sends them (http.client writes Latin-1).
        headers = {name: value.encode("utf-8").decode("latin-1") for name, value in headers.items()}
        exchange = Exchange(self, self.prefix + call.target, headers)
        self.exchanges.append(exchange)
        if exchange.sent:
            self._wait_for_arrival(call.target)
            self.arrived += 1
            exchange.sequence = self.arrived
        return exchange

    def release(self, exchange):
        """At `respond #n`: the server sends the answer the runner staged for the exchange."""
        if exchange.sequence is None:
            return
        status = self._admin("POST", f"/__admin/requests/{exchange.sequence}/release")
        if status != 204:
            raise ScenarioError(f"the mock server did not release exchange #{exchange.sequence} (status {status})")

    def _admin(self, method, target):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=ARRIVAL_MS / 1000 + PATIENCE_SECONDS)
        try:
            connection.request(method, target, body=b"" if method == "POST" else None)
            response = connection.getresponse()
            response.read()
            return response.status
        finally:
            connection.close()

    def _wait_for_arrival(self, target):
        try:
            status = self._admin("GET", f"/__admin/requests/next?timeoutMs={ARRIVAL_MS}")
        except (OSError, http.client.HTTPException) as error:
            raise ScenarioError(f"the mock server's admin call failed while GET {target} was on its way: {error}") from None
        if status != 200:
            raise ScenarioError(f"GET {target} did not reach the mock server within {ARRIVAL_MS} ms (admin next: {status})")

    def close(self):
        """The scenario is over: every connection still open is closed."""
        for exchange in self.exchanges:
            exchange.cancel()
        self.exchanges = []


class Exchange:
    """One request on a connection of its own, its response read in a thread."""

    def __init__(self, client, target, headers):
        self.result = None
        self.sent = False
        self.sequence = None  # the server's exchange number, once it has read the request
        self._connection = http.client.HTTPConnection(client.host, client.port, timeout=client.timeout)
        try:
            # Writes the request line and headers now; the answer is read by the thread.
            self._connection.request("GET", target, headers=headers)
            self.sent = True
        except (OSError, http.client.HTTPException) as error:
            self.result = ("transport", str(error) or type(error).__name__)
            self._connection.close()
            self._thread = None
            return
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self):
        try:
            response = self._connection.getresponse()
            body = response.read()
            headers = {name.lower(): _utf8(value) for name, value in response.getheaders()}
            self.result = ("response", response.status, headers, body)
        except TimeoutError:
            self.result = ("timeout",)
        except (OSError, http.client.HTTPException) as error:
            self.result = ("transport", str(error) or type(error).__name__)
        finally:
            self._connection.close()

    def wait(self):
        """What came back: ("response", status, headers, body), ("timeout",) or ("transport", detail)."""
        if self._thread is not None:
            self._thread.join(PATIENCE_SECONDS + 5)
            if self._thread.is_alive():
                raise ScenarioError(f"no answer from the mock server within {PATIENCE_SECONDS} s")
        return self.result

    def cancel(self):
        """Closes the connection: the server sees the client go away."""
        sock = self._connection.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._connection.close()


def _utf8(header_value):
    """A header value as the UTF-8 text its bytes are (http.client reads them as Latin-1)."""
    return header_value.encode("latin-1").decode("utf-8", errors="replace")


def _text(body):
    return body.decode("utf-8", errors="replace")


# The real data sources: what each sends, and how it reads what came back.
def kittens_call(limit, page):
    """KittenHTTPDataSource (kittens.46, kittens.48)."""

    def read(result):
        if result[0] == "timeout":
            return {"failure": "timeout"}
        if result[0] == "transport":
            return {"failure": "transport"}
        _, status, _, body = result
        if not 200 <= status <= 299:
            return {"failure": "httpStatus", "status": status}
        if not body:
            return {"failure": "emptyResponse"}
        return {"body": _text(body)}

    return HttpCall(f"/v1/images/search?limit={limit}&page={page}", {"Accept": "application/json"}, read,
                    key_header="x-api-key")


def news_call(target):
    """NewsHTTPDataSource (news.120, news.122): the body through the parser whatever the status."""

    def read(result):
        if result[0] == "timeout":
            return {"failure": "timeout"}
        if result[0] == "transport":
            return {"failure": "transport", "detail": result[1]}
        _, status, _, body = result
        return {"status": status, "body": _text(body)}

    return HttpCall(target, {"Accept": "application/json"}, read, key_header="X-Api-Key")


def image_call(url, etag):
    """URLSessionImageDataLoader (images.101): the image URL's path and query, `If-None-Match`
    when revalidating; the status, the `ETag` and the body come back as they are."""
    parts = urlsplit(url)
    # An empty query is kept: `/cat.jpg?` is what the URL says (a path never holds a `?`).
    target = (parts.path or "/") + (f"?{parts.query}" if "?" in url.split("#", 1)[0] else "")

    def read(result):
        if result[0] == "timeout":
            return {"failure": "timeout"}
        if result[0] == "transport":
            return {"failure": "transport", "detail": result[1]}
        _, status, headers, body = result
        fields = {"status": status, "body": _text(body)}
        if "etag" in headers:
            fields["etag"] = headers["etag"]
        return fields

    return HttpCall(target, {} if etag is None else {"If-None-Match": etag}, read)
