// `npm run lint` ends here: proves that each boundary of eslint.config.js still refuses what it is meant to
// refuse, and lets through what it is meant to let through. A zone whose glob stops matching (a folder moved, a
// pattern mistyped) refuses nothing and says nothing, so each one gets a probe file that breaks it and one that
// keeps it, written into the tree, linted with the repository's own config, and deleted again.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { probes } from './lint-zone-probes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The boundaries' globs are resolved against the working directory, as in `npm run lint`.
process.chdir(root);

const probeFile = (probe, index) => path.join(root, probe.in, `__probe_lint__${index}${probe.ext ?? '.ts'}`);
const files = probes.map(probeFile);
const removeProbes = () => files.forEach((file) => rmSync(file, { force: true }));
process.on('SIGINT', () => {
  removeProbes();
  process.exit(130);
});

/** What is wrong with one probe's lint result, or nothing when the probe came out as expected. */
function verdict(probe, messages) {
  const errors = messages.filter((message) => message.severity === 2);
  if (!probe.refusedBy) {
    return errors.length === 0 ? null : `was refused: ${errors.map((error) => error.message).join(' | ')}`;
  }
  const [rule, says] = probe.refusedBy;
  const refusal = errors.find((error) => error.ruleId === rule && error.message.includes(says));
  if (refusal) return null;
  const got = errors.map((error) => `${error.ruleId}: ${error.message}`).join(' | ') || 'no error';
  return `was not refused by ${rule} («${says}»); got ${got}`;
}

let failures = [];
try {
  probes.forEach((probe, index) => writeFileSync(files[index], `import '${probe.imports}';\n`));
  const results = await new ESLint({ cwd: root }).lintFiles(files);
  const byFile = new Map(results.map((result) => [result.filePath, result.messages]));
  failures = probes.flatMap((probe, index) => {
    const problem = verdict(probe, byFile.get(files[index]) ?? []);
    const where = `${probe.in}${probe.ext ? ` (a ${probe.ext} file)` : ''}: import '${probe.imports}'`;
    console.log(`${problem ? 'FAIL' : 'ok  '} ${probe.refusedBy ? 'refused' : 'allowed'}  ${where}`);
    return problem ? [`${where} ${problem}`] : [];
  });
} finally {
  removeProbes();
}

if (failures.length > 0) {
  console.error(`\n${failures.length} of ${probes.length} lint zone probes came out wrong:`);
  failures.forEach((failure) => console.error(`  ${failure}`));
  process.exit(1);
}
console.log(`\nAll ${probes.length} lint zone probes came out as expected.`);
