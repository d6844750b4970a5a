#!/usr/bin/env bash
# Measures the mock server against nginx serving the same body from a file, on the same keep-alive
# request, in one run: rounds alternate between the two so both see the same machine load.
#
#   CI/bench-http.sh                 # 3 rounds of 5 s each, 64 connections, 2 wrk threads
#   ROUNDS=5 SECONDS_PER_ROUND=6 CONNECTIONS=64 CI/bench-http.sh
#   CI/bench-http.sh idle            # also: 10,000 idle keep-alive connections, memory per connection
#                                    #       and three rounds of keep-alive requests, memory after each
#
# Installs wrk and nginx through apt-get when missing. Everything listens on 127.0.0.1 only.
# The figures go to docs/performance.md by hand (goal: at least nginx's requests per
# second, p99 no worse than nginx's).
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS="${ROUNDS:-3}"
SECONDS_PER_ROUND="${SECONDS_PER_ROUND:-5}"
CONNECTIONS="${CONNECTIONS:-64}"
TARGET="/v1/images/search?limit=10&page=0"

need() {
    command -v "$1" >/dev/null 2>&1 && return
    echo "bench-http: installing $2 through apt-get" >&2
    if [ "$(id -u)" = 0 ]; then apt-get install -y --no-install-recommends "$2" >/dev/null; else sudo apt-get install -y --no-install-recommends "$2" >/dev/null; fi
}
need wrk wrk
need nginx nginx
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --product mock-server >&2
bin="$(swift build -c release --show-bin-path)"

# The mock server, on a free port; the first line of its output names it.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
mkfifo "$work/mock.out"
"$bin/mock-server" --port 0 --fixtures Fixtures --max-connections 20000 >"$work/mock.out" 2>"$work/mock.err" &
pids+=($!)
mock_pid=$!
exec 3<"$work/mock.out"
read -r line <&3
mock_port="${line##*:}"
mock="http://127.0.0.1:$mock_port"

# nginx, serving the same bytes from a file with the same Content-Type.
mkdir -p "$work/root/v1/images" "$work/logs"
curl -sf "$mock$TARGET" -o "$work/root/v1/images/search"
chmod -R a+rX "$work"  # nginx workers run as another user when started by root
nginx_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
daemon off;
pid $work/nginx.pid;
error_log $work/logs/error.log warn;
events { worker_connections 20000; }
http {
    access_log off;
    keepalive_requests 10000000;
    keepalive_timeout 60s;
    client_body_temp_path $work/logs; proxy_temp_path $work/logs; fastcgi_temp_path $work/logs;
    uwsgi_temp_path $work/logs; scgi_temp_path $work/logs;
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/root;
        location / { default_type "application/json; charset=utf-8"; }
    }
}
CONF
"$NGINX" -c "$work/nginx.conf" -p "$work" 2>"$work/nginx.err" &
pids+=($!)
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$nginx_port$TARGET" -o /dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$nginx_port$TARGET" -o /dev/null || { echo "bench-http: nginx did not start:" >&2; cat "$work/nginx.err" "$work/logs/error.log" >&2; exit 1; }
nginx="http://127.0.0.1:$nginx_port"

# One wrk round: prints "requests/s p99-ms".
round() {
    wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_ROUND}s" --latency "$1$TARGET" | awk '
        /Non-2xx|Socket errors/ { print "bench-http: " $0 > "/dev/stderr" }
        /Requests\/sec:/ { rate = $2 }
        /^ +99%/ { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; p99 = v }
        END { printf "%.0f %.2f\n", rate, p99 }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

rss() { awk '/VmRSS/ { print $2 }' "/proc/$1/status"; }

# With `idle`, first (on the fresh server): 10,000 idle keep-alive connections, memory per connection.
if [ "${1:-}" = idle ]; then
    before="$(rss "$mock_pid")"
    python3 - "$mock_port" <<'PY' &
import socket, sys, time
port = int(sys.argv[1])
held = [socket.create_connection(("127.0.0.1", port)) for _ in range(10000)]
time.sleep(10)
PY
    holder=$!
    sleep 7
    held="$(rss "$mock_pid")"
    echo "10,000 idle keep-alive connections: $(($(ls "/proc/$mock_pid/fd" | wc -l) - 10)) descriptors or so," \
        "$(awk '/Threads/ { print $2 }' "/proc/$mock_pid/status") threads, $before -> $held KiB resident," \
        "$(((held - before) * 1024 / 10000)) bytes per connection (user space; the kernel's socket buffers are not counted)"
    wait "$holder" || true
fi

echo "keep-alive GET $TARGET, wrk -t2 -c$CONNECTIONS, $ROUNDS rounds of ${SECONDS_PER_ROUND}s, alternating"
printf "%-6s %14s %10s %14s %10s\n" round "mock req/s" "mock p99" "nginx req/s" "nginx p99"
: >"$work/mock.txt"
: >"$work/nginx.txt"
for i in $(seq "$ROUNDS"); do
    read -r mr mp < <(round "$mock")
    read -r nr np < <(round "$nginx")
    echo "$mr $mp" >>"$work/mock.txt"
    echo "$nr $np" >>"$work/nginx.txt"
    printf "%-6s %14s %8s ms %14s %8s ms\n" "$i" "$mr" "$mp" "$nr" "$np"
done
mr="$(cut -d' ' -f1 "$work/mock.txt" | median)"
mp="$(cut -d' ' -f2 "$work/mock.txt" | median)"
nr="$(cut -d' ' -f1 "$work/nginx.txt" | median)"
np="$(cut -d' ' -f2 "$work/nginx.txt" | median)"
printf "%-6s %14s %8s ms %14s %8s ms\n" median "$mr" "$mp" "$nr" "$np"
awk -v mr="$mr" -v nr="$nr" -v mp="$mp" -v np="$np" 'BEGIN {
    printf "mock/nginx: %.2fx requests/s (goal >= 1), %.2fx p99 (goal <= 1)\n", mr / nr, mp / np }'
echo "mock-server resident memory after the rounds: $(rss "$mock_pid") KiB"

[ "${1:-}" = idle ] || exit 0

# Long keep-alive runs: memory must stay flat (the journal is capped at 10,000 entries).
start="$(rss "$mock_pid")"
total=0
for _ in 1 2 3; do
    count="$(wrk -t2 -c8 -d"${SECONDS_PER_ROUND}s" "$mock$TARGET" | awk '/requests in/ { print $1 }')"
    total=$((total + count))
    echo "after $total more keep-alive requests: $(rss "$mock_pid") KiB resident (was $start)"
done
