#!/usr/bin/env node
// Fails on an import cycle: between two files anywhere in lib/ and components/, or between two
// folders of lib/ (lib/auth importing lib/tracking while lib/tracking imports lib/auth).
// Type-only imports count too: erased at build, they still tie two modules' designs together.
import madge from 'madge';

const result = await madge(['lib', 'components'], {
  fileExtensions: ['ts', 'tsx'],
  tsConfig: 'tsconfig.json',
});
const graph = result.obj();

/** Strongly connected components of size > 1 (Tarjan). */
function cycles(edges) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return found;
}

const folderOf = (file) => (file.startsWith('lib/') && file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : undefined);
const files = new Map(Object.entries(graph).map(([file, deps]) => [file, new Set(deps)]));
const folders = new Map();
const why = new Map();
for (const [file, deps] of files) {
  const from = folderOf(file);
  if (!from) continue;
  for (const dep of deps) {
    const to = folderOf(dep);
    if (!to || to === from) continue;
    if (!folders.has(from)) folders.set(from, new Set());
    folders.get(from).add(to);
    why.set(`${from}>${to}`, `${file} -> ${dep}`);
  }
}

const fileCycles = cycles(files);
const folderCycles = cycles(folders);
for (const cycle of fileCycles) console.error(`import cycle between files: ${cycle.join(', ')}`);
for (const cycle of folderCycles) {
  const links = [];
  for (const from of cycle) for (const to of cycle) if (why.has(`${from}>${to}`)) links.push(`    ${why.get(`${from}>${to}`)}`);
  console.error(`import cycle between folders: ${cycle.join(', ')}\n${links.join('\n')}`);
}
if (fileCycles.length || folderCycles.length) process.exit(1);
console.log(`no import cycles (${files.size} files, ${folders.size} lib folders)`);
