// The real local server (src/server/start.ts, what `npm start` runs) for the benchmarks and the audit:
// on loopback, on a database and a sites folder of their own, in a process group of its own so that
// stopping it also stops a site build it may have running. Plus: peak memory of a process tree.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  dbUrl: string;
  sitesDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Starts the server and resolves once it answers and has a live site. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['src/server/start.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      LIBSQL_URL: options.dbUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: baseUrl,
      SITES_DIR: options.sitesDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: stop() ends the server and any build it started
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid!;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, pid, output: () => output, stop };
}

/** Signs in and returns the headers an admin request needs (session cookie, same-origin Origin). */
export async function adminHeaders(baseUrl: string, email: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, origin: baseUrl, 'content-type': 'application/json' };
}

/** Waits until the server reports no pending or running build. */
export async function waitForPublishIdle(baseUrl: string, headers: Record<string, string>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = (await (await fetch(`${baseUrl}/api/admin/build`, { headers })).json()) as { state: string };
    if (status.state === 'idle' || status.state === 'failed') return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The site build did not finish in time.');
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc); 0 elsewhere. */
export function treeRss(rootPid: number): number {
  if (!existsSync('/proc/self/status')) return 0;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      /* the process ended meanwhile */
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.pop()!;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      /* ended */
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Runs a command, sampling the memory of its process tree; resolves with exit code, wall time, peak RSS. */
export function runMeasured(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; ms: number; peakRss: number; output: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d: Buffer) => (output = (output + d.toString()).slice(-50_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let peakRss = 0;
    const sample = () => {
      peakRss = Math.max(peakRss, treeRss(child.pid!));
    };
    const timer = setInterval(sample, 200);
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code: code ?? 1, ms: performance.now() - started, peakRss, output });
    });
  });
}
