# Sourced after scripts/cluster.sh by the benchmarks that measure the server beside its peers (server-load.sh,
# connection-cost.sh); both are stopped by cluster_stop.
#   peer_nginx DIR FILE   nginx serving FILE (copied to DIR/www) as application/json, one worker, on a free loopback
#                         port; sets PEER_NGINX_URL (FILE's address) and PEER_NGINX_PID (the master).
#   peer_floor DIR FILE   the framework's floor: Hummingbird alone answering FILE's bytes from memory at every path
#                         (Benchmarks/FrameworkFloor, built here: its own package, so the main build never has it);
#                         sets PEER_FLOOR_PORT and PEER_FLOOR_PID.
peer_nginx() {
  local dir=$1 file=$2 port
  mkdir -p "$dir/www"
  cp "$file" "$dir/www/"
  port=$(cluster_free_port)
  cluster_nginx "$dir" "$port" 1024 "  server { listen 127.0.0.1:$port; root $dir/www; default_type application/json; }" || return 1
  PEER_NGINX_URL="http://127.0.0.1:$port/$(basename "$file")"
  PEER_NGINX_PID=$CLUSTER_NGINX_PID
}

peer_floor() {
  local dir=$1 file=$2
  mkdir -p "$dir"
  "${SWIFT:-swift}" build -c release --package-path Benchmarks/FrameworkFloor >/dev/null 2>"$dir/build.log" \
    || { cat "$dir/build.log" >&2; return 1; }
  PEER_FLOOR_PORT=$(cluster_free_port)
  "$("${SWIFT:-swift}" build -c release --package-path Benchmarks/FrameworkFloor --show-bin-path)/FrameworkFloor" \
    "$file" "$PEER_FLOOR_PORT" >"$dir/floor.log" 2>&1 &
  PEER_FLOOR_PID=$!
  cluster_pids+=("$PEER_FLOOR_PID")
  cluster_wait_for "$dir/floor.log" "listening on 127.0.0.1:$PEER_FLOOR_PORT" "$PEER_FLOOR_PID" "The framework's floor" || return 1
}
