// Debian's nginx on loopback in front of server processes, with deploy/nginx.conf's proxy
// settings (HTTP/1.1, websockets passed through, X-Forwarded-For appended, round-robin, a failed
// process skipped), its files in a temporary folder. Used by the cluster benchmark
// (bench/cluster.mjs) and the cluster suite (test/cluster/): CommonJS, so both can load it.
const { spawn } = require('node:child_process');
const { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

/**
 * One nginx with a listener per site: `sites` maps a loopback port to the ports of the processes
 * it spreads requests over. Every answer names the process that gave it (X-Upstream). Options:
 * `keepalive` (connections kept open to the processes; off for a suite that kills them) and
 * `failTimeoutSeconds` (how long a process that failed is skipped). Answers once every listener
 * proxies /api/health.
 */
async function startNginx(sites, { keepalive = true, failTimeoutSeconds = 10 } = {}) {
  if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX} (apt-get install nginx, or set BENCH_NGINX)`);
  const dir = mkdtempSync(join(tmpdir(), 'cym-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the temp paths below.
  chmodSync(dir, 0o755);
  const upstreams = sites.map(
    ({ upstreams: ports }, index) => `  upstream app${index} {
    zone app${index} 64k;
${ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${failTimeoutSeconds}s;`).join('\n')}
${keepalive ? '    keepalive 32;' : ''}
  }`,
  );
  const servers = sites.map(
    ({ port }, index) => `  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app${index};
      add_header X-Upstream $upstream_addr always;
    }
  }`,
  );
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  keepalive_timeout 65s;
  client_max_body_size 2m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  proxy_http_version 1.1;
  proxy_set_header Host $host;
  proxy_set_header Upgrade $http_upgrade;
  proxy_set_header Connection $connection_upgrade;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  proxy_set_header X-Forwarded-Proto $scheme;
  proxy_connect_timeout 2s;
  proxy_read_timeout 120s;
  proxy_next_upstream error timeout http_502 http_503;
${upstreams.join('\n')}
${servers.join('\n')}
}
`,
  );
  const child = spawn(NGINX, ['-c', config, '-p', dir, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => process.stderr.write(`nginx: ${chunk}`));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (const { port } of sites)
    for (;;) {
      if (child.exitCode !== null) {
        await stop();
        throw new Error(`nginx exited (${child.exitCode}) before proxying`);
      }
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not proxy 127.0.0.1:${port} in 10 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  return {
    urls: sites.map(({ port }) => `http://127.0.0.1:${port}`),
    pid: child.pid,
    /** nginx's warnings and errors so far (a proxy error during a run shows here). */
    errors: () => {
      const log = join(dir, 'error.log');
      return existsSync(log) ? readFileSync(log, 'utf8').trim() : '';
    },
    stop,
  };
}

module.exports = { NGINX, startNginx };
