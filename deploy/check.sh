#!/usr/bin/env bash
# Checks the deployment files (docs/deploy.md) without a container engine or the network:
# both Caddyfiles (caddy validate), the nginx site (nginx -t in a throwaway configuration
# with a self-signed certificate), the systemd unit (systemd-analyze verify, its paths
# moved under a temporary directory) and the Dockerfile's syntax (dockerfile-utils lint).
# Needs caddy, nginx, openssl and systemd-analyze; `.ci/run` installs the first two.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "deploy: Caddyfile (compose)"
SITE_DOMAIN=alejandranails.example ACME_EMAIL=ops@alejandranails.example \
  caddy validate --config Caddyfile --adapter caddyfile >"$tmp/caddy.log" 2>&1 || { cat "$tmp/caddy.log"; exit 1; }
echo "deploy: deploy/Caddyfile"
caddy validate --config deploy/Caddyfile --adapter caddyfile >"$tmp/caddy.log" 2>&1 || { cat "$tmp/caddy.log"; exit 1; }

echo "deploy: deploy/nginx-alejandra-nails.conf"
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=alejandranails.example -days 1 \
  -keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
sed -e "s#/etc/letsencrypt/live/[^/]*/fullchain.pem#$tmp/cert.pem#" \
    -e "s#/etc/letsencrypt/live/[^/]*/privkey.pem#$tmp/key.pem#" \
    deploy/nginx-alejandra-nails.conf >"$tmp/site.conf"
cat >"$tmp/nginx.conf" <<CONF
pid $tmp/nginx.pid;
error_log $tmp/error.log;
events {}
http {
    client_body_temp_path $tmp/body;
    proxy_temp_path $tmp/proxy;
    include $tmp/site.conf;
}
CONF
nginx -t -q -c "$tmp/nginx.conf"

echo "deploy: deploy/alejandra-nails.service"
srv="$tmp/srv/alejandra-nails"
mkdir -p "$srv/releases/r1/node_modules/.bin"
ln -s "$PWD/node_modules/.bin/node" "$srv/releases/r1/node_modules/.bin/node"
ln -s releases/r1 "$srv/current"
sed "s#/srv/alejandra-nails#$srv#g" deploy/alejandra-nails.service >"$tmp/alejandra-nails.service"
out=$(systemd-analyze verify "$tmp/alejandra-nails.service" 2>&1) || { echo "$out"; exit 1; }
if [ -n "$out" ]; then echo "$out"; exit 1; fi

echo "deploy: Dockerfile"
node_modules/.bin/dockerfile-utils lint Dockerfile
