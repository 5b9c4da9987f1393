// Writes web/src/generated/boundary.ts from cpp/schema/*.json (every binding's
// request and response) and from `pairpower schema` (the report JSON, as the
// C++ report types describe themselves: base/described.hpp): the wasm boundary
// as TypeScript types (json-schema-to-typescript) and as a JSON Schema the page
// and the tests validate against (zod's fromJSONSchema).
// Run by scripts/build.sh after gen-registry.mjs; the output is not committed.
//
// The files use a short notation, expanded here into JSON Schema, because the
// full form of ~60 types would bury them (no library reads a terser notation
// into JSON Schema). In a def:
//   "name": "number"            a property; "name?": optional; a trailing "// text" documents it
//   type expressions             number integer string boolean null unknown, f64 (a Float64Array), bytes (a Uint8Array),
//                                'literal', Name (a def), T[] (array), A|B (either)
//   "$doc"                       the def's description
//   "$extends": Name | [Name]    the named defs' properties come first
//   "$map": type                 further keys of any name, with values of this type
//   "$oneOf": [def, …]           alternatives, each adding to the common properties
//   "$ts"                        the TypeScript type, where JSON Schema cannot say it
//   {"$registry": "tests.id"}    the ids of a registry list (the core's registry): an enum
//                                whose TypeScript type is derived from generated/registry.ts
// and per function: {"build": "plan" | "full", "in": {param: type}, "out": type,
// "fallible": false when it cannot answer an ErrorResult, "$doc"}.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('../', import.meta.url));
const schemaDir = `${root}cpp/schema/`;
const registry = JSON.parse(execFileSync(`${root}build/pairpower`, ['registry'], { encoding: 'utf8' }));

const defs = {};
const functions = {};
const parts = [['pairpower schema', JSON.parse(execFileSync(`${root}build/pairpower`, ['schema'], { encoding: 'utf8' }))]];
for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.json')).sort()) parts.push([file, JSON.parse(readFileSync(schemaDir + file, 'utf8'))]);
for (const [file, part] of parts) {
  for (const [name, def] of Object.entries(part.$defs ?? {})) {
    if (defs[name]) throw new Error(`${file}: ${name} is defined twice`);
    defs[name] = def;
  }
  for (const [name, fn] of Object.entries(part.functions ?? {})) {
    if (functions[name]) throw new Error(`${file}: function ${name} is defined twice`);
    functions[name] = fn;
  }
}

// "tests.id" → the registry list's ids; "tests.id?solvable" keeps the entries whose `solvable` is true;
// "error_kinds" → a list of strings.
function registryValues(path) {
  const [where, filter] = path.split('?');
  const [list, key] = where.split('.');
  if (!Array.isArray(registry[list])) throw new Error(`$registry ${path}: the registry has no list ${list}`);
  return registry[list].filter((e) => !filter || e[filter] === true).map((e) => (key ? e[key] : e));
}
function registryTsType(path) {
  const [where, filter] = path.split('?');
  const [list, key] = where.split('.');
  const entry = filter ? `Extract<Registry['${list}'][number], { ${filter}: true }>` : `Registry['${list}'][number]`;
  return key ? `${entry}['${key}']` : entry;
}

function splitTop(text, sep) {
  const parts = [];
  let depth = 0, start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "'") i = text.indexOf("'", i + 1);
    else if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

const primitive = { number: { type: 'number' }, integer: { type: 'integer' }, string: { type: 'string' }, boolean: { type: 'boolean' }, null: { type: 'null' }, unknown: {} };

function typeExpr(text, where) {
  const [type, doc] = splitDoc(text);
  const alternatives = splitTop(type, '|').map((t) => term(t, where));
  const schema = alternatives.length === 1 ? alternatives[0] : { anyOf: alternatives };
  return doc ? { ...schema, description: doc } : schema;
}
function splitDoc(text) {
  const at = text.indexOf(' // ');
  return at < 0 ? [text.trim(), ''] : [text.slice(0, at).trim(), text.slice(at + 4).trim()];
}
function term(t, where) {
  if (t.endsWith('[]')) return { type: 'array', items: term(t.slice(0, -2), where) };
  if (t.startsWith('(') && t.endsWith(')')) return typeExpr(t.slice(1, -1), where);
  if (t.startsWith("'")) return { const: t.slice(1, -1) };
  if (t === 'f64') return { type: 'array', items: { type: 'number' }, tsType: 'Float64Array', 'x-typed-array': 'Float64Array' };
  if (t === 'bytes') return { type: 'array', items: { type: 'integer' }, tsType: 'Uint8Array', 'x-typed-array': 'Uint8Array' };
  if (primitive[t]) return { ...primitive[t] };
  if (!defs[t]) throw new Error(`${where}: no def named ${t}`);
  return { $ref: `#/$defs/${t}` };
}

function properties(def, where) {
  const props = {}, required = [];
  for (const base of [def.$extends ?? []].flat()) {
    if (!defs[base] || typeof defs[base] !== 'object') throw new Error(`${where}: $extends names no object def ${base}`);
    const inherited = properties(defs[base], base);
    Object.assign(props, inherited.props);
    required.push(...inherited.required);
  }
  for (const [key, value] of Object.entries(def)) {
    if (key.startsWith('$')) continue;
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    props[name] = typeof value === 'string' ? typeExpr(value, `${where}.${name}`) : objectDef(value, `${where}.${name}`);
    if (!optional && !required.includes(name)) required.push(name);
  }
  return { props, required };
}

function objectDef(def, where) {
  if (typeof def === 'string') return typeExpr(def, where);
  if (def.$registry) return { enum: registryValues(def.$registry), ...(def.$doc ? { description: def.$doc } : {}) };
  const { props, required } = properties(def, where);
  const base = { type: 'object', properties: props, required, additionalProperties: def.$map ? typeExpr(def.$map, `${where}.$map`) : false };
  let schema = base;
  if (def.$oneOf) {
    schema = {
      anyOf: def.$oneOf.map((alt, i) => {
        const extra = properties(alt, `${where}.$oneOf[${i}]`);
        return { ...base, properties: { ...props, ...extra.props }, required: [...required, ...extra.required] };
      }),
    };
  }
  if (def.$doc) schema.description = def.$doc;
  if (def.$ts) schema.tsType = def.$ts;
  return schema;
}

const schemaDefs = {};
for (const [name, def] of Object.entries(defs)) schemaDefs[name] = objectDef(def, name);

// The TypeScript side: registry enums become aliases of the registry's own types.
const registryNames = Object.keys(defs).filter((n) => defs[n].$registry);
const tsDefs = JSON.parse(JSON.stringify(schemaDefs), (_key, value) => {
  const ref = value && typeof value === 'object' && typeof value.$ref === 'string' ? value.$ref.replace('#/$defs/', '') : null;
  // A documented reference: json-schema-to-typescript would declare a copy of the type to hold the text.
  return ref && (registryNames.includes(ref) || value.description) ? { tsType: ref, ...(value.description ? { description: value.description } : {}) } : value;
});
for (const n of registryNames) delete tsDefs[n];
const typesText = await compile({ $defs: tsDefs, type: 'object', properties: {}, additionalProperties: false, title: '__root' }, '__root', {
  bannerComment: '',
  unreachableDefinitions: true,
  additionalProperties: false,
  declareExternallyReferenced: true,
});
const types = typesText
  .replace(/export interface _Root \{\s*\}\n?/, '')
  // json-schema-to-typescript's note under each type says only that the schema defines it
  .replace(/\n? \*\s*\n \* This interface was referenced by `_Root`'s JSON-Schema\n \* via the `definition` "\w+"\.\n/g, '\n')
  .replace(/\/\*\*\n \* This interface was referenced by `_Root`'s JSON-Schema\n \* via the `definition` "\w+"\.\n \*\/\n/g, '');
const aliases = registryNames.map((n) => {
  const doc = defs[n].$doc ? `/** ${defs[n].$doc} */\n` : '';
  return `${doc}export type ${n} = ${registryTsType(defs[n].$registry)};\n`;
});

function fnSignature(name, fn) {
  const params = Object.entries(fn.in ?? {}).map(([p, t]) => `${p}: ${tsOf(t)}`);
  const out = tsOf(fn.out);
  const doc = fn.$doc ? `  /** ${fn.$doc} */\n` : '';
  return `${doc}  ${name}(${params.join(', ')}): ${out}${fn.fallible === false ? '' : ' | ErrorResult'};\n`;
}
// A function's parameter or result type in TypeScript: its notation, with f64 as Float64Array.
function tsOf(text) {
  const [type] = splitDoc(text);
  return splitTop(type, '|')
    .map((t) => {
      if (t.endsWith('[]')) {
        const inner = tsOf(t.slice(0, -2));
        return inner.includes('|') ? `(${inner})[]` : `${inner}[]`;
      }
      if (t.startsWith('(') && t.endsWith(')')) return tsOf(t.slice(1, -1));
      if (t === 'f64') return 'Float64Array';
      if (t === 'bytes') return 'Uint8Array';
      if (t === 'integer') return 'number';
      if (t.startsWith("'") || primitive[t] || defs[t]) return t;
      throw new Error(`function type ${text}: no def named ${t}`);
    })
    .join(' | ');
}
const builds = { plan: 'PlanModule', full: 'PairpowerModule' };
const moduleTypes = Object.entries(builds).map(([build, iface]) => {
  const extendsText = build === 'full' ? ' extends PlanModule' : '';
  const members = Object.entries(functions).filter(([, f]) => f.build === build).map(([n, f]) => fnSignature(n, f)).join('');
  const doc = build === 'plan' ? 'What the small Plan build (pairpower-plan.wasm) exposes.' : 'The full engine (pairpower-st / -mt.wasm): the Plan build’s functions and the rest.';
  return `/** ${doc} */\nexport interface ${iface}${extendsText} {\n${members}}\n`;
});
for (const [name, fn] of Object.entries(functions)) if (!builds[fn.build]) throw new Error(`function ${name}: build must be plan or full`);

const schemaJson = JSON.stringify({ $defs: schemaDefs });
const text = `// Generated by scripts/gen-schema.mjs from cpp/schema/*.json and \`pairpower schema\`. Do not edit.
import type { REGISTRY } from './registry';
type Registry = typeof REGISTRY;

${aliases.join('')}
${types.trim()}

${moduleTypes.join('\n')}
/** Which build exposes each binding ("plan": the Plan build and the full ones; "full": the full ones only). */
export const BINDINGS = ${JSON.stringify(Object.fromEntries(Object.entries(functions).map(([n, f]) => [n, f.build])), null, 1)} as const;

/** The boundary as JSON Schema ($defs by type name): the source of the runtime validators. Marked pure so that a bundle which never reads it (the engine and Plan workers) drops it instead of parsing it at start. */
export const BOUNDARY_SCHEMA: { $defs: Record<string, object> } = /* @__PURE__ */ JSON.parse(${JSON.stringify(schemaJson)});

/** Each binding's result as JSON Schema (refs into BOUNDARY_SCHEMA), for the tests that hold the bindings to it. */
export const BINDING_RESULTS: Record<string, object> = ${JSON.stringify(Object.fromEntries(Object.entries(functions).map(([n, f]) => [n, typeExpr(f.out, n)])), null, 1)};
`;

mkdirSync(`${root}web/src/generated`, { recursive: true });
const target = `${root}web/src/generated/boundary.ts`;
let old = '';
try {
  old = readFileSync(target, 'utf8');
} catch {}
if (old !== text) writeFileSync(target, text);  // unchanged: keep the timestamp, so Vite and tsc do not redo work
