#!/usr/bin/env node
// `npm run check:bundle`: after `npm run build`, the JS and CSS the public registry's first page load
// downloads (the entry chunk and its static imports, by the Vite manifest; lazy screens excluded), raw, gzip and
// brotli. Fails when the gzipped total is over the budget (issue #14: ≤ 200 KB; BUNDLE_BUDGET_KB overrides).
// Usage: node scripts/check-bundle.mjs [dist folder].
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const budgetGzip = Number(process.env.BUNDLE_BUDGET_KB ?? 200) * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');
// The public pages' screens: in the entry today; followed too should they ever become lazy chunks.
const publicScreens = ['src/app/routes/public-list.tsx', 'src/app/routes/public-card.tsx'];

if (!existsSync(manifestFile)) {
  console.error(`No ${path.relative(root, manifestFile)}: run \`npm run build -w @registry/web\` first.`);
  process.exit(1);
}
/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The entry chunk and the public screens, then every static import of theirs; dynamic imports are left out. */
function publicFiles() {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry || publicScreens.includes(key));
  const seen = new Set();
  const files = new Set();
  while (keys.length > 0) {
    const key = keys.pop();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    keys.push(...(chunk.imports ?? []));
  }
  return [...files].filter((file) => /\.(js|css)$/.test(file));
}

/** A file's size as served: its precompressed sibling when the build wrote one, else compressed here alike. */
function sizes(file) {
  const full = path.join(dist, file);
  const bytes = readFileSync(full);
  const sibling = (ext, compress) =>
    existsSync(`${full}${ext}`) ? readFileSync(`${full}${ext}`).length : compress(bytes).length;
  return {
    file,
    raw: bytes.length,
    gzip: sibling('.gz', (b) => gzipSync(b, { level: 9 })),
    brotli: sibling('.br', (b) =>
      brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = publicFiles()
  .map(sizes)
  .sort((a, b) => b.raw - a.raw);
const total = rows.reduce(
  (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
  { raw: 0, gzip: 0, brotli: 0 },
);

const line = (name, row) =>
  `${name.padEnd(44)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} ${kb(row.brotli).padStart(10)}`;
console.log(`First load of the public list and card (${path.relative(root, dist) || dist})\n`);
console.log(`${'file'.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
for (const row of rows) console.log(line(row.file, row));
console.log(line(`total, ${rows.length} files`, total));
const lazyCount = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js')).length - rows.length;
console.log(`\n${lazyCount} more chunks load only on the screens that need them.`);

if (total.gzip > budgetGzip) {
  console.error(`\nThe public first load is ${kb(total.gzip)} gzipped, over the ${kb(budgetGzip)} budget.`);
  process.exit(1);
}
console.log(`Within the budget: ${kb(total.gzip)} of ${kb(budgetGzip)} gzipped.`);
