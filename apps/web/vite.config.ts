import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
// The web app compiles the shared package from source, so that neither dev nor build needs it built first.
const sharedEntry = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|html|svg|json)$/;

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every built text file above 1 KB, once at build, so
 * that the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'registry:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const names = Object.keys(bundle).filter((name) => compressible.test(name) && !name.startsWith('.'));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          if (bytes.length <= 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      { find: /^@registry\/shared$/, replacement: sharedEntry },
    ],
  },
  server: {
    // The API runs separately in development (npm run dev); the browser sees one origin, as in production.
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The manifest (dist/.vite/manifest.json, never served) lets `npm run check:bundle` follow the entry's imports.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the first page statically needs goes in one chunk ('$initial': the entry's static imports)
        // rather than some twenty that gzip one by one: 15 KB less gzipped (docs/benchmarks.md, «First load»).
        // Lazy screens still split as before, importing what they share with the first page from it.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
    // That one chunk is some 800 KB before compression on purpose; its gzipped size is what check:bundle budgets.
    chunkSizeWarningLimit: 1000,
  },
});
