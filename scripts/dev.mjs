// `npm run dev`: the shared contract recompiles on change, the server restarts on change (tsx watch) and
// the web app reloads in place (Vite on :5173, which passes /api to the server on :3000).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const first = spawnSync(bin('tsc'), ['-b', 'packages/shared'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  spawn(bin('tsc'), ['-b', '-w', '--preserveWatchOutput', 'packages/shared'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
console.log('Веб-приложение для разработки: http://localhost:5173 (API на http://localhost:3000)');

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', (code) => code && stopAll());
