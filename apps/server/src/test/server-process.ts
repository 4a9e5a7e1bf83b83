import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs src/main.ts as `node --import tsx` does: the process is the app itself, so a signal reaches it and its
 * exit code is its own. tsx's CLI relays a signal and, when the app has not answered within 30 ms (a busy
 * machine), kills it and exits with 143.
 */
export function spawnMain(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env });
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  /** Both streams as they came. */
  output: () => string;
  /** Standard output alone: the log's JSON lines. */
  stdout: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs the real process entry (src/main.ts) and waits until it says it is ready, or has exited. No deadline
 * of its own: a slow machine only makes it slower, and the calling test's timeout ends a hang.
 */
export async function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawnMain({ ...process.env, ...env });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  while (!output.includes('registry is ready')) {
    if (child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, stdout: () => stdout, exited };
}

/** Logs in over HTTP as the web app does. */
export async function loginOver(port: number, Id: string, Password: string) {
  return fetch(`http://127.0.0.1:${port}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-registry-client': 'web' },
    body: JSON.stringify({ Id, Password }),
  });
}

/** Stops the server processes a test started (SIGTERM) and waits until each has exited. */
export async function stopServers(servers: { started: Started }[]) {
  for (const server of servers) {
    server.started.child.kill('SIGTERM');
    await server.started.exited;
  }
}

/**
 * Starts `count` server processes as an installation behind a proxy would run them: one database (give
 * DATABASE_URL in `env`), one data folder, each on its own port. `stop` ends them and removes the folder.
 */
export async function startServers(count: number, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-processes-'));
  const servers: { started: Started; port: number }[] = [];
  const stop = async () => {
    await stopServers(servers);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const started = await startServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ...env,
      });
      servers.push({ started, port });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, stop };
}
