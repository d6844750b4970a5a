"""The adapter protocol (docs/porting.md): newline-delimited JSON on stdin/stdout.

The runner sends start, then one `run` per scenario (its header and every event), then stop.
Every message but stop has a `seq`; each reply repeats it. A run is answered with every step's
outputs, or skipped, or errored with the step it stopped at."""

import json
import traceback

from .engine import Replay, ScenarioError
from .images import Images
from .kittens import Kittens
from .news import News
from .news_app import NewsApp
from .timer import Timer
from .wire import WireClient

PROTOCOL_VERSION = 2
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
    # The last scenario's HTTP client: its connections stay open until the next message, since the
    # runner reads the wire transcript after the answer.
    last = []

    def reply(seq, **fields):
        stdout.write(json.dumps({"seq": seq, **fields}, ensure_ascii=False) + "\n")
        stdout.flush()

    for line in stdin:
        message = json.loads(line)
        for wire in last:
            wire.close()
        last.clear()
        cmd, seq = message.get("cmd"), message.get("seq")
        if cmd == "stop":
            return 0
        if cmd == "start":
            if message.get("version") != PROTOCOL_VERSION:
                reply(seq, errored={"step": 0, "message": f"this port speaks protocol version {PROTOCOL_VERSION}"})
                continue
            reply(seq, version=PROTOCOL_VERSION, implementation=IMPLEMENTATION)
        elif cmd == "run":
            reply(seq, **run(message, last))
        else:
            reply(seq, errored={"step": 0, "message": f"unknown cmd {cmd!r}"})
    return 0


def run(message, last):
    """One scenario, every step: {"steps": [...]}, {"skipped": ...} or {"errored": ...}. Its HTTP
    client, if any, goes to `last`, for the next message to close."""
    header = message["header"]
    feature = FEATURES.get(header.get("feature"))
    if feature is None:
        return {"skipped": {"message": f"no feature {header.get('feature')!r} in this port",
                            "issue": IMPLEMENTATION["issues"]}}
    step, steps = 0, []
    try:  # an error is answered, and the port goes on with the next scenario
        wire = WireClient(message["wire"]) if "wire" in message else None
        if wire is not None:
            last.append(wire)
        replay = Replay(feature, header.get("config", {}), wire)
        for step, event in enumerate(message["events"], start=1):
            steps.append(compact(event, replay.step(event)))
        return {"steps": steps}
    except Exception as error:
        return {"errored": {"step": step, "message": str(error) or type(error).__name__,
                            "details": traceback.format_exc()}}


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
