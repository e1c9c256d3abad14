// Import circles, type imports included (npm run lint runs it):
//   npx tsx workers/cli/import-cycles.ts
// ESLint's import-x/no-cycle points at a value circle in the editor but skips `import type`
// lines by design; a circle through types still ties two modules together, so this check
// reads every import, export-from and import() of the files tsconfig.json covers, resolves
// them as the compiler does ("~/" paths too) and names each circle it finds.
import path from "node:path";
import ts from "typescript";

const root = process.cwd();
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, "tsconfig.json"),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
if (!config) throw new Error("tsconfig.json: cannot read it");
const files = config.fileNames.filter((f) => !f.endsWith(".d.ts")).map((f) => path.resolve(f));
const known = new Set(files);

const edges = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? "", true, true);
  const targets = new Set<string>();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && known.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
  }
  edges.set(file, [...targets]);
}

// Tarjan's strongly connected components: every component of two or more files is a circle.
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const circles: string[][] = [];
let next = 0;
function visit(v: string) {
  index.set(v, next);
  low.set(v, next++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
  }
  if (low.get(v) !== index.get(v)) return;
  const component: string[] = [];
  let w: string;
  do {
    w = stack.pop()!;
    onStack.delete(w);
    component.push(path.relative(root, w));
  } while (w !== v);
  if (component.length > 1 || (edges.get(v) ?? []).includes(v)) circles.push(component.sort());
}
for (const file of files) if (!index.has(file)) visit(file);

if (circles.length) {
  for (const c of circles) console.error(`import circle (${c.length} files): ${c.join(" <-> ")}`);
  process.exit(1);
}
