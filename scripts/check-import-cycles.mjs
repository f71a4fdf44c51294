// Fails when modules of the broker or the console import each other in a circle, type-only imports
// included: a circle ties its files together, so that none can be read, tested or moved alone.
// Each circle is named with its files. Part of `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

const ROOTS = ['mock-broker/src', 'web/src'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'generated']);
const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(directory, files = []) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) sourceFiles(file, files);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(file);
    }
  }
  return files;
}

/** The project file a relative specifier names (`./x.js` is `./x.ts` in the sources), or undefined for a package. */
function resolve(from, specifier, known) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((candidate) => known.has(candidate));
}

/** Every import, export-from and dynamic import() of each file that names another file of the project. */
function importGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(file, [...new Set(importedFiles.map(({ fileName }) => resolve(file, fileName, known)).filter(Boolean))]);
  }
  return graph;
}

/** The circles: strongly connected components of more than one file, or a file importing itself (Tarjan's algorithm, without recursion). */
function circles(graph) {
  const order = new Map();
  const lowest = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (order.has(start)) continue;
    const walk = [{ file: start, next: 0 }];
    order.set(start, counter);
    lowest.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (walk.length > 0) {
      const top = walk[walk.length - 1];
      const imports = graph.get(top.file);
      if (top.next < imports.length) {
        const imported = imports[top.next++];
        if (!order.has(imported)) {
          order.set(imported, counter);
          lowest.set(imported, counter++);
          stack.push(imported);
          onStack.add(imported);
          walk.push({ file: imported, next: 0 });
        } else if (onStack.has(imported)) {
          lowest.set(top.file, Math.min(lowest.get(top.file), order.get(imported)));
        }
        continue;
      }
      walk.pop();
      if (walk.length > 0) {
        const parent = walk[walk.length - 1].file;
        lowest.set(parent, Math.min(lowest.get(parent), lowest.get(top.file)));
      }
      if (lowest.get(top.file) !== order.get(top.file)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== top.file);
      if (component.length > 1 || imports.includes(top.file)) found.push(component.sort());
    }
  }
  return found;
}

export function checkImportCycles() {
  const files = ROOTS.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const found = circles(importGraph(files));
  for (const component of found) console.error(`import cycle: ${component.map((file) => path.relative(root, file)).join(' ⇄ ')}`);
  if (found.length > 0) {
    console.error(`${found.length} import cycle(s): move what the files share (often a type) into a module of its own that imports neither.`);
    return false;
  }
  console.log(`import cycles: none among ${files.length} files`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(checkImportCycles() ? 0 : 1);
