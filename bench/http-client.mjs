// The benchmark's HTTP client, in a worker thread so that building requests and reading answers does not
// share the event loop with the server being measured (a browser would be on another machine altogether).
// Plain JavaScript: a worker cannot load TypeScript through tsx.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GET the path; resolves with the status and the body. */
function get(path, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: workerData.port, path, agent, headers: { cookie } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
  });
}

parentPort.on('message', async ({ path, cookie, runs, warmup }) => {
  try {
    let last = await get(path, cookie);
    for (let i = 1; i < warmup; i++) last = await get(path, cookie);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await get(path, cookie);
      times.push(performance.now() - started);
    }
    parentPort.postMessage({ times, ...last });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
