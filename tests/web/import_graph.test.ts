// The page's layers, read from its sources: generated ← runtime ← ui ← features
// ← app. The runtime and ui import no feature and no app file, a feature imports
// no other feature (but for the one exception below), and no module reaches
// itself again through its imports.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../web/src');

/** The leaderboard labels its settings and choosers as Analyze does (the same form fields). */
const FEATURE_EXCEPTIONS = new Set(['features/leaderboard -> features/analyze/fields.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Every local module a source names: static and type imports, re-exports, dynamic import() and worker URLs. */
export function importsOf(text: string): string[] {
  const specs: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bnew\s+URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) if (m[1].startsWith('.')) specs.push(m[1]);
  return specs;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.d.ts`, join(base, 'index.ts')])
    if (candidate.endsWith('.ts') && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The module graph: file (relative to web/src) → the local .ts files it imports (styles and the like left out). */
export function importGraph(files: string[], read: (f: string) => string = (f) => readFileSync(f, 'utf8')): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files) {
    const targets = importsOf(read(f)).map((s) => resolveLocal(f, s)).filter((t): t is string => t !== null);
    graph.set(relative(SRC, f), targets.map((t) => relative(SRC, t)));
  }
  return graph;
}

/** The layer of a file: the top folder, or app for the entry (main.ts). */
const layerOf = (file: string) => (file.includes('/') ? file.split('/')[0] : 'app');
const featureOf = (file: string) => file.split('/').slice(0, 2).join('/');

export function layerViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, targets] of graph)
    for (const to of targets) {
      const [a, b] = [layerOf(from), layerOf(to)];
      if ((a === 'runtime' || a === 'ui' || a === 'generated') && (b === 'features' || b === 'app')) out.push(`${from} -> ${to}`);
      if (a === 'runtime' && b === 'ui') out.push(`${from} -> ${to}`);
      if (a === 'features' && b === 'app') out.push(`${from} -> ${to}`);
      if (a === 'features' && b === 'features' && featureOf(from) !== featureOf(to) && !FEATURE_EXCEPTIONS.has(`${featureOf(from)} -> ${to}`))
        out.push(`${from} -> ${to}`);
    }
  return out;
}

/** Every import circle, each as the path that closes it (a -> b -> a). */
export function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of graph.get(f) ?? []) {
      if (state.get(t) === 'open') found.push([...stack.slice(stack.indexOf(t)), t].join(' -> '));
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  return found;
}

describe("the page's import graph", () => {
  const files = sources(SRC);
  const graph = importGraph(files);

  it('reads imports of every kind: static, type-only, re-exports, dynamic and worker URLs', () => {
    const text = [
      "import { a } from './x';",
      "import type { B } from '../y';",
      "export { c } from './z';",
      "import './side-effect';",
      "const m = await import('./lazy');",
      "new Worker(new URL('./w.worker.ts', import.meta.url));",
      "import * as Comlink from 'comlink';",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(['../y', './lazy', './side-effect', './w.worker.ts', './x', './z']);
  });

  it('finds a circle and a layer crossing when there is one', () => {
    const g = new Map([
      ['runtime/a.ts', ['runtime/b.ts']],
      ['runtime/b.ts', ['runtime/a.ts', 'features/plan/view.ts']],
      ['features/plan/view.ts', ['features/analyze/view.ts']],
      ['features/analyze/view.ts', []],
    ]);
    expect(circles(g)).toEqual(['runtime/a.ts -> runtime/b.ts -> runtime/a.ts']);
    expect(layerViolations(g)).toEqual(['runtime/b.ts -> features/plan/view.ts', 'features/plan/view.ts -> features/analyze/view.ts']);
  });

  it('sees the sources (the entry, the app, the runtime, ui and every feature)', () => {
    const keys = [...graph.keys()];
    expect(keys).toContain('main.ts');
    for (const layer of ['app/', 'runtime/', 'ui/', 'features/plan/', 'features/analyze/', 'features/leaderboard/'])
      expect(keys.some((k) => k.startsWith(layer))).toBe(true);
    expect(graph.get('app/views.ts')).toContain('features/plan/view.ts');
  });

  it('has no import circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('keeps runtime and ui below the features and the app, and every feature to itself', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('keeps every source file under 400 lines', () => {
    const long = files.filter((f) => readFileSync(f, 'utf8').split('\n').length > 400).map((f) => relative(SRC, f));
    expect(long).toEqual([]);
  });
});
