#!/usr/bin/env node
// Fails when the code cites a document the repository does not have: a docs/ file or heading
// (`docs/architecture/page-cache.md#adding-a-page-kind`) that does not exist, a link between docs/
// files that leads nowhere, a repository file named in a comment that is not there, or a document
// outside the repository (the specification and design notes the project started from).
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const SKIP_DIRS = new Set(['node_modules', '.next', 'dist', '.git', 'test-results', 'playwright-report', 'migrations']);
const SOURCE = /\.(?:ts|tsx|mts|mjs|js|cjs|css|sh|md)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.data') || SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const headings = [...fs.readFileSync(file, 'utf8').matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]));
    anchorsOf.set(file, new Set(headings));
  }
  return anchorsOf.get(file);
}

/** Problem with a reference to `target` (a repository path, maybe with #anchor), or undefined. */
function check(target) {
  const [file, anchor] = target.split('#');
  const full = path.join(root, file);
  if (!fs.existsSync(full)) return `no such file ${file}`;
  if (anchor !== undefined && !anchors(full).has(anchor)) return `no heading #${anchor} in ${file}`;
  return undefined;
}

const OUTSIDE = /\bspec 00[01]\b|\b00[01] §|\bDESIGN\.md\b|\bSTYLE\.md\b|\bSTACK-NOTES\.md\b|\.\.\/shared\//i;
const DOCS_REF = /(?<![\w./-])docs\/[\w./-]+\.md(?:#[\w-]+)?/g;
const REPO_PATH =
  /(?<![\w./@-])(?:lib|components|app|scripts|tests|bench|deploy|public|messages|assets)\/[\w[\]./-]+\.(?:ts|tsx|mjs|js|json|md|css|sh|conf|service)\b/g;
const MD_LINK = /\]\(((?!https?:|mailto:|#)[^)\s]+)\)/g;

const problems = [];
let references = 0;
for (const file of files(root)) {
  const rel = path.relative(root, file);
  if (rel === 'scripts/check-doc-refs.mjs') continue;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${rel}:${i + 1}`;
    if (OUTSIDE.test(line)) problems.push(`${where}: cites a document outside the repository; cite docs/ instead`);
    for (const [ref] of line.matchAll(DOCS_REF)) {
      references += 1;
      const problem = check(ref);
      if (problem) problems.push(`${where}: ${problem}`);
    }
    if (!rel.endsWith('.md'))
      for (const [ref] of line.matchAll(REPO_PATH)) {
        const problem = check(ref);
        if (problem) problems.push(`${where}: ${problem}`);
      }
    if (rel.startsWith('docs/'))
      for (const [, link] of line.matchAll(MD_LINK)) {
        references += 1;
        const [target, anchor] = link.split('#');
        const resolved = path.relative(root, target ? path.resolve(path.dirname(file), target) : file);
        const problem = check(anchor === undefined ? resolved : `${resolved}#${anchor}`);
        if (problem) problems.push(`${where}: link ${link}: ${problem}`);
      }
  });
}

for (const problem of problems) console.error(problem);
if (problems.length) process.exit(1);
console.log(`documents cited: ${references} references to docs/, all there`);
