// `npm run lint` runs this: the docs name files and sections that move. Every relative link of docs/*.md,
// README.md and apps/**/README.md must reach a file, and its #anchor a heading of it; every repository path
// those docs write out (`apps/…`, `packages/…`, …) must exist, a `./` or `../` one in code quotes from the
// doc's folder, and any other in code quotes (`card/intern-save.ts`) must end some file's path; and every
// `docs/<file>.md#<anchor>` the code cites must be a doc and a heading of it. A heading's anchor is GitHub's:
// lower case, punctuation dropped, spaces as hyphens, a repeated heading numbered.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tracked = (...patterns) =>
  execFileSync('git', ['ls-files', '-z', '--', ...patterns], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(root, file)));

const docs = tracked('docs/*.md', 'README.md', 'apps/**/README.md');
const sources = tracked('apps', 'packages', 'e2e', 'bench', 'scripts').filter((file) =>
  /\.(ts|tsx|mjs|js)$/.test(file),
);

const anchorsByFile = new Map();
/** The anchors GitHub gives the headings of a Markdown file, outside code fences. */
function anchorsOf(file) {
  if (anchorsByFile.has(file)) return anchorsByFile.get(file);
  const anchors = new Set();
  const seen = new Map();
  let inFence = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

/** What is wrong with a link to `target` (an absolute path) and its anchor, or null. */
function linkProblem(target, anchor) {
  if (!existsSync(target)) return 'no such file';
  if (anchor === undefined || anchor === '') return null;
  if (statSync(target).isDirectory() || !target.endsWith('.md'))
    return 'an anchor on a file without headings';
  return anchorsOf(target).has(decodeURIComponent(anchor)) ? null : `no heading #${anchor}`;
}

const problems = [];
const report = (file, lineIndex, what, problem) =>
  problems.push(`${file}:${lineIndex + 1}: ${what}: ${problem}`);

// A path from the repository's root as the docs write it, up to its extension or its closing slash.
const rootPath = /(?<![\w./-])((?:apps|packages|e2e|bench|scripts|docs)\/[\w./-]*[\w/])/g;
// A shorter path in code quotes: the docs name a file from the folder they speak of.
const shortPath = /`([\w.-]+\/[\w./-]*\.(?:tsx?|mjs))`/g;
const everyFile = tracked('.');
/** Whether a short path names a file: from the doc's folder when it starts with a dot, else as some file's end. */
function namesAFile(doc, mention) {
  if (mention.startsWith('.')) return existsSync(path.resolve(root, path.dirname(doc), mention));
  return everyFile.some((file) => file.endsWith(`/${mention}`));
}

for (const file of docs) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  let inFence = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) return;
    for (const [, href] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z+.-]*:/i.test(href)) continue;
      const [target, anchor] = href.split('#');
      const resolved = target
        ? path.resolve(root, path.dirname(file), decodeURIComponent(target))
        : path.join(root, file);
      const problem = linkProblem(resolved, anchor);
      if (problem) report(file, index, href, problem);
    }
    for (const [, mention] of line.replace(/\]\([^)]*\)/g, ']').matchAll(rootPath)) {
      if (!/\.\w+$|\/$/.test(mention)) continue;
      // A build's output is there only after `npm run build`, which a fresh clone has not run yet.
      if (mention.includes('/dist/')) continue;
      if (!existsSync(path.join(root, mention))) report(file, index, mention, 'no such path');
    }
    for (const [, mention] of line.matchAll(shortPath)) {
      if (!/^(apps|packages|e2e|bench|scripts|docs)\//.test(mention) && !namesAFile(file, mention)) {
        report(file, index, mention, 'no such file');
      }
    }
  });
}

for (const file of sources) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [citation, doc, anchor] of line.matchAll(/\bdocs\/([\w-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu)) {
      const problem = linkProblem(path.join(root, 'docs', doc), anchor);
      if (problem) report(file, index, citation, problem);
    }
  });
}

if (problems.length > 0) {
  console.error(`Docs point at what is not there (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `Doc links: ${docs.length} docs and the code's citations of them point at existing files and headings.`,
);
