"""The adapter protocol (docs/porting.md): newline-delimited JSON on stdin/stdout.

The runner sends start, then per scenario a `scenario` message and one `step` per event, then
stop. Every message but stop has a `seq`; each reply repeats it."""

import json
import traceback

from .engine import Replay, ScenarioError
from .images import Images
from .kittens import Kittens
from .news import News
from .news_app import NewsApp
from .timer import Timer
from .wire import WireClient

PROTOCOL_VERSION = 1
FEATURES = {feature.NAME: feature for feature in (Kittens, Timer, News, NewsApp, Images)}
IMPLEMENTATION = {
    "name": "python-port",
    "language": "python",
    "version": "0.1.0",
    "features": sorted(FEATURES),
    "issues": "docs/porting.md#issues",
    "homepage": "Ports/python/README.md",
    "wire": True,
}


def serve(stdin, stdout):
    replay = None

    def reply(seq, **fields):
        stdout.write(json.dumps({"seq": seq, **fields}, ensure_ascii=False) + "\n")
        stdout.flush()

    for line in stdin:
        message = json.loads(line)
        cmd, seq = message.get("cmd"), message.get("seq")
        if cmd == "stop":
            return 0
        try:
            if cmd == "start":
                if message.get("version") != PROTOCOL_VERSION:
                    reply(seq, errored={"message": f"this port speaks protocol version {PROTOCOL_VERSION}"})
                    continue
                reply(seq, version=PROTOCOL_VERSION, implementation=IMPLEMENTATION)
            elif cmd == "scenario":
                header = message["header"]
                feature = FEATURES.get(header.get("feature"))
                if feature is None:
                    replay = None
                    reply(seq, skipped={"message": f"no feature {header.get('feature')!r} in this port",
                                        "issue": IMPLEMENTATION["issues"]})
                    continue
                if replay is not None and replay.env.wire is not None:
                    replay.env.wire.close()
                wire = WireClient(message["wire"]) if "wire" in message else None
                replay = Replay(feature, header.get("config", {}), wire)
                reply(seq, ready=True)
            elif cmd == "step":
                if replay is None:
                    raise ScenarioError("a step before any scenario")
                reply(seq, outputs=compact(message["event"], replay.step(message["event"])))
            else:
                raise ScenarioError(f"unknown cmd {cmd!r}")
        except Exception as error:  # an error is answered, and the port goes on with the next scenario
            replay = None
            reply(seq, errored={"message": str(error) or type(error).__name__, "details": traceback.format_exc()})
    return 0


def compact(event, outputs):
    """A quiet advance needs only its last render: earlier ones are sent as {"omitted": k}."""
    if event.get("event") != "advance" or not event.get("quiet"):
        return outputs
    renders = [index for index, output in enumerate(outputs) if "render" in output]
    if len(renders) < 2:
        return outputs
    last = renders[-1]
    kept = [output for index, output in enumerate(outputs) if "render" not in output or index == last]
    return [{"omitted": len(renders) - 1}] + kept
