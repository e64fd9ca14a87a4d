# Sourced (not run) by scripts/schemathesis.sh and the benchmark scripts: starts, on 127.0.0.1, what
# several crash-assistant-server instances share — a PostgreSQL of its own (initdb in a temporary folder) and a local
# S3 stand-in (moto_server) with one bucket — then instances over them, and nginx as a round-robin balancer in front.
# Everything started here is stopped by cluster_stop (call it from the script's EXIT trap).
#
#   cluster_start_postgres WORK     sets CLUSTER_DATABASE_URL
#   cluster_start_moto WORK         sets CLUSTER_BLOB_URL and exports AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY
#   cluster_bucket_keys PREFIX      the bucket's keys starting with PREFIX
#   cluster_serve SERVER DATA LOG [serve arguments...]   starts an instance, sets CLUSTER_PORT
#   cluster_balance WORK PORT...    nginx round-robin over the ports (one request each in turn), sets CLUSTER_PORT
#   cluster_nginx DIR PORT CONNECTIONS HTTP   nginx on 127.0.0.1 with HTTP as its http block, sets CLUSTER_NGINX_PID
#   cluster_stop                    stops all of them
#   cluster_release_server [BINARY] BINARY when given, else the release server built here with its phone-number
#                                   library beside it: prints its path

cluster_pids=()

cluster_release_server() {
  if [[ -n "${1:-}" ]]; then echo "$1"; return; fi
  "${SWIFT:-swift}" build -c release --product crash-assistant-server >/dev/null
  "${SWIFT:-swift}" build -c release --product CrashAssistantPhoneNumbers >/dev/null
  echo "$("${SWIFT:-swift}" build -c release --show-bin-path)/crash-assistant-server"
}

# A port nothing listens on now (the kernel's pick).
cluster_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# Waits (up to 60 s) until FILE contains TEXT; fails naming WHAT when the process PID ended or time ran out.
cluster_wait_for() {
  local file=$1 text=$2 pid=$3 what=$4
  for _ in $(seq 1 600); do
    grep -q "$text" "$file" 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "$what did not start:" >&2
  tail -20 "$file" >&2
  return 1
}

cluster_start_postgres() {
  local work=$1 bin dir port run=()
  bin=${POSTGRES_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
  [[ -x "$bin/initdb" ]] || { echo "PostgreSQL is not installed: run scripts/ensure-postgres.sh" >&2; return 69; }
  dir="$work/postgres"
  mkdir -p "$dir"
  # PostgreSQL refuses to run as root: as root, it runs as the user postgres (the package adds it).
  if [[ $(id -u) -eq 0 ]]; then
    chmod o+x "$work"   # mktemp -d gives 0700; postgres only needs to pass through
    chown postgres: "$dir"
    run=(setpriv --reuid=postgres --regid=postgres --clear-groups --)
  fi
  "${run[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$work/initdb.log" 2>&1 \
    || { echo "initdb failed:" >&2; cat "$work/initdb.log" >&2; return 1; }
  port=$(cluster_free_port)
  "${run[@]}" "$bin/postgres" -D "$dir/data" -p "$port" -k "$dir" -c listen_addresses=127.0.0.1 \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400 >"$work/postgres.log" 2>&1 &
  cluster_pids+=($!)
  cluster_wait_for "$work/postgres.log" "ready to accept connections" $! PostgreSQL || return 1
  CLUSTER_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
}

cluster_start_moto() {
  local work=$1 moto port bucket=crash-assistant
  moto=${MOTO_SERVER:-$(command -v moto_server || echo "$HOME/.pyenv/shims/moto_server")}
  [[ -x "$moto" ]] || { echo "moto_server is not installed: run scripts/ensure-moto.sh" >&2; return 69; }
  port=$(cluster_free_port)
  "$moto" -H 127.0.0.1 -p "$port" >"$work/moto.log" 2>&1 &
  cluster_pids+=($!)
  for _ in $(seq 1 600); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && break
    kill -0 "${cluster_pids[-1]}" 2>/dev/null || { echo "moto_server did not start:" >&2; cat "$work/moto.log" >&2; return 1; }
    sleep 0.1
  done
  # moto takes any keys unless told to check them.
  export AWS_ACCESS_KEY_ID=crash-assistant AWS_SECRET_ACCESS_KEY=moto-takes-any-secret
  curl -sf -X PUT "http://127.0.0.1:$port/$bucket" >/dev/null || { echo "moto did not make the bucket" >&2; return 1; }
  CLUSTER_BLOB_URL="s3://$bucket?endpoint=http://127.0.0.1:$port&region=us-east-1"
  cluster_bucket_listing="http://127.0.0.1:$port/$bucket?list-type=2"
}

# The keys in the bucket starting with PREFIX, one a line (the first 1,000).
cluster_bucket_keys() {
  curl -sf "$cluster_bucket_listing&prefix=$1" | grep -o '<Key>[^<]*</Key>' | sed 's/<Key>\(.*\)<\/Key>/\1/' || true
}

cluster_serve() {
  local server=$1 data=$2 log=$3
  shift 3
  # The balancer in front runs on 127.0.0.1: its connections carry every client, so they are not held to the
  # per-client bound.
  "$server" serve --host 127.0.0.1 --port 0 --data "$data" --trusted-proxy 127.0.0.1 "$@" 2>"$log" &
  cluster_pids+=($!)
  cluster_wait_for "$log" "listening on http://127.0.0.1:" $! "The server ($log)" || return 1
  CLUSTER_PORT=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$log" | head -1 | grep -o '[0-9]*$')
}

cluster_balance() {
  local work=$1 port servers=""
  shift
  for upstream in "$@"; do servers+="server 127.0.0.1:$upstream; "; done
  port=$(cluster_free_port)
  # Round robin per request over kept-alive connections; bodies streamed both ways (a cut-off upload reaches the
  # instance as it was cut), no size limit, nginx's own timeouts above the server's; request lines up to 32 KiB, so the
  # server's own bounds decide (an SMS reply's query is refused by the server past 16 KiB, naming it).
  cluster_nginx "$work/nginx" "$port" 4096 "  upstream instances { $servers keepalive 64; }
  server {
    listen 127.0.0.1:$port;
    client_max_body_size 0;
    large_client_header_buffers 4 32k;
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_http_version 1.1;
    proxy_read_timeout 600s;
    proxy_send_timeout 600s;
    location / {
      proxy_pass http://instances;
      proxy_set_header Connection \"\";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_next_upstream off;
    }
  }" || return 1
  CLUSTER_PORT=$port
}

# nginx with its configuration, logs and temporary files in DIR: one worker of CONNECTIONS connections, no access
# log, HTTP the rest of its http block (listening on 127.0.0.1:PORT). Returns once it answers there; fails showing
# its log when it does not within 10 s. Sets CLUSTER_NGINX_PID (its master; `pgrep -P` finds the worker).
cluster_nginx() {
  local dir=$1 port=$2 connections=$3 http=$4
  command -v nginx >/dev/null || "$(dirname "${BASH_SOURCE[0]}")/ensure-system-packages.sh" cmd:nginx:nginx
  mkdir -p "$dir"
  cat >"$dir/nginx.conf" <<CONF
user $(id -un);
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections $connections; }
http {
  access_log off;
  client_body_temp_path $dir/body; proxy_temp_path $dir/proxy; fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi; scgi_temp_path $dir/scgi;
$http
}
CONF
  nginx -c "$dir/nginx.conf" -g 'daemon off;' 2>"$dir/start.log" &
  CLUSTER_NGINX_PID=$!
  cluster_pids+=("$CLUSTER_NGINX_PID")
  for _ in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0
    sleep 0.1
  done
  echo "nginx did not start:" >&2
  cat "$dir/start.log" "$dir/error.log" >&2 2>/dev/null
  return 1
}

cluster_stop() {
  local index
  for ((index = ${#cluster_pids[@]} - 1; index >= 0; index--)); do
    kill "${cluster_pids[index]}" 2>/dev/null && wait "${cluster_pids[index]}" 2>/dev/null || true
  done
  cluster_pids=()
}
