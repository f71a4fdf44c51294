// Runs Debian's nginx in front of a broker for the sub-path journey, the way README "Behind a reverse
// proxy" describes: the built console's files under STARLING_NGINX_SUB_PATH, the API, the
// documentation and the MQTT web-socket path proxied to the broker. Everything nginx writes (pid,
// logs, temporary files) is in a directory of its own, and it listens on loopback only: no root
// needed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const nginx = process.env.STARLING_NGINX || '/usr/sbin/nginx';
const port = Number(process.env.STARLING_NGINX_PORT);
const subPath = process.env.STARLING_NGINX_SUB_PATH || '/starling/';
const broker = process.env.STARLING_NGINX_BROKER;
const websocket = process.env.STARLING_NGINX_WS;
const webDir = path.resolve(import.meta.dirname, '../../web/dist');

// One directory a port, emptied at start: a run that was killed outright leaves no pile behind.
const prefix = path.join(os.tmpdir(), `starling-nginx-${port}`);
fs.rmSync(prefix, { recursive: true, force: true });
fs.mkdirSync(prefix);
// nginx's workers may run as another user than the master: they read and write here.
fs.chmodSync(prefix, 0o755);
const at = (name) => path.join(prefix, name);

const config = `
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
worker_processes 1;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${at('access.log')};
  client_body_temp_path ${at('client-body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    location = ${subPath.replace(/\/$/, '')} { return 301 ${subPath}; }
    location ${subPath}api/ {
      proxy_pass ${broker}/api/;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
    location ${subPath}docs/ {
      proxy_pass ${broker}/docs/;
    }
    location = ${subPath}mqtt {
      proxy_pass ${websocket}/mqtt;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_read_timeout 1h;
    }
    location ${subPath} {
      alias ${webDir}/;
      try_files $uri ${subPath}index.html;
      sub_filter '<base href="/" />' '<base href="${subPath}" />';
      sub_filter '<meta name="starling-mqtt-websocket" content="" />' '<meta name="starling-mqtt-websocket" content="mqtt" />';
    }
  }
}
`;
fs.writeFileSync(at('nginx.conf'), config);

const server = spawn(nginx, ['-p', prefix, '-c', at('nginx.conf'), '-e', at('error.log'), '-g', 'daemon off;'], { stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  if (code) console.error(fs.existsSync(at('error.log')) ? fs.readFileSync(at('error.log'), 'utf8') : `nginx exited with ${code}`);
  fs.rmSync(prefix, { recursive: true, force: true });
  process.exit(code ?? 0);
});
