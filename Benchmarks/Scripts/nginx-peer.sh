# Sourced by the benchmarks that measure beside nginx (server-load.sh, connection-cost.sh).
#   nginx_peer_start DIR   serves the files in DIR/www on a free loopback port: one worker, no access log, every
#                          answer application/json; its files and logs in DIR. Sets nginx_port and nginx_pid (the
#                          master: `kill "$nginx_pid"` stops it, `pgrep -P "$nginx_pid"` finds the worker).
nginx_peer_start() {
  local dir=$1 attempt
  # nginx cannot listen on port 0: take a free port from the kernel.
  nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  cat >"$dir/nginx.conf" <<CONF
user $(id -un);
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/body; proxy_temp_path $dir/proxy; fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi; scgi_temp_path $dir/scgi;
  server { listen 127.0.0.1:$nginx_port; root $dir/www; default_type application/json; }
}
CONF
  nginx -c "$dir/nginx.conf" -g 'daemon off;' &
  nginx_pid=$!
  for attempt in $(seq 1 100); do
    curl -s -o /dev/null "http://127.0.0.1:$nginx_port/" && return 0
    sleep 0.05
  done
  echo "nginx did not start (see $dir/error.log)" >&2
  return 1
}
