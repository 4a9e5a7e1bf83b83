// The benchmark's HTTP client, in a worker thread so that building requests and reading answers does not
// share the event loop with the server being measured (a browser would be on another machine altogether).
// Plain JavaScript: a worker cannot load TypeScript through tsx.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Sends a request (GET unless told); resolves with the status and the body. */
function send(path, cookie, { method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { cookie };
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'x-registry-client': 'web' });
    const request = http.request(
      { host: '127.0.0.1', port: workerData.port, path, method, agent, headers },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
const get = (path, cookie) => send(path, cookie);

parentPort.on('message', async ({ path, cookie, runs, warmup, requests }) => {
  try {
    // A list of distinct requests, each sent and timed once, in order.
    if (requests) {
      const answers = [];
      for (const request of requests) {
        const started = performance.now();
        const answer = await send(request.path, cookie, request);
        answers.push({ ms: performance.now() - started, ...answer });
      }
      parentPort.postMessage({ answers });
      return;
    }
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
