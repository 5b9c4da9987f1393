// The Plan's answer in words, from the core's solver answers: how many queries
// each effect needs, and what the grid's largest N can detect. Prose only; the
// numbers and the MDE's name are the core's (plan_answer, questions[].mde_heading).
import { claimWords, mdeHeading, testLabel, type SolvableTest } from '../../runtime/registry';
import { fmt, h } from '../../ui/dom';
import type { PlanSpec } from './spec';

/** A solver's answer for every test the solvers offer (null: out of reach). */
export interface SolverRow {
  delta: number;
  rho: number;
  byTest: Record<SolvableTest, number | null>;
}

/** The smallest effect each offered test detects at one N (null: none). */
export interface MdeRow {
  n: number;
  rho: number;
  byTest: Record<SolvableTest, number | null>;
}

const pct = (p: number) => `${Math.round(p * 100)}%`;

/** "two-sided, α = 0.05" or the question's words. */
function setting(spec: PlanSpec): string {
  if (spec.question === 'equivalence') return `${claimWords(spec.question, spec.margin)} (TOST), α = ${spec.alpha}`;
  if (spec.question === 'non_inferiority') return `${claimWords(spec.question, spec.margin)}, α = ${spec.alpha}`;
  return `${spec.alternative === 'two-sided' ? 'two-sided' : `one-sided (${spec.alternative})`}, α = ${spec.alpha}`;
}

/** One line per ρ list: "1,234 if ρ = 0.5 · 456 if ρ = 0.8"; one figure when the answer holds for any ρ (the pilot's). */
const byRho = <T extends { rho: number }>(rows: T[], text: (r: T) => string, anyRho: boolean) =>
  anyRho ? rows.map(text).join(' · ') : rows.map((r) => `${text(r)} if ρ = ${r.rho}`).join(' · ');

/**
 * The answer's paragraphs: the smallest N for each effect of the grid (one line
 * per δ, one figure per ρ the model reads) and the effect the largest N can detect, for the
 * solvers' main test (the paired t where offered).
 */
export function answerText(spec: PlanSpec, minN: SolverRow[], mde: MdeRow[], offered: readonly string[], modelTitle: string, exact: boolean, anyRho = false): HTMLElement[] {
  const test = (offered.includes('t') ? 't' : offered[0]) as SolvableTest | undefined;
  if (!test) return [h('p', { class: 'answer-lead' }, `No closed form covers the ${modelTitle}: the smallest N is read off the Monte Carlo power tables below once they are in.`)];
  const name = testLabel(test).label;
  const kind = exact ? '' : ', normal-theory approximation';
  const out: HTMLElement[] = [];
  const deltas = [...new Set(minN.map((r) => r.delta))];
  const what = spec.question === 'equivalence' ? 'to show equivalence' : spec.question === 'non_inferiority' ? 'to show non-inferiority' : 'to detect';
  if (deltas.length) {
    out.push(h('p', { class: 'answer-lead' },
      h('strong', {}, `Queries needed for ${pct(spec.power)} power`), ` with the ${name} (${setting(spec)}; ${modelTitle}${kind}):`));
    out.push(h('ul', { class: 'answer-list' }, ...deltas.map((delta) => {
      const rows = minN.filter((r) => r.delta === delta);
      const text = (r: SolverRow) => (r.byTest[test] === null ? 'out of reach' : fmt.int(r.byTest[test]!));
      return h('li', { 'data-delta': delta }, `${what} ${spec.question === 'difference' ? `δ = ${delta}` : `when the true δ = ${delta}`}: `, h('strong', {}, byRho(rows, text, anyRho)));
    })));
  }
  const nMax = Math.max(...mde.map((r) => r.n));
  const rows = mde.filter((r) => r.n === nMax);
  if (rows.length) {
    const text = (r: MdeRow) => (r.byTest[test] === null ? 'none' : fmt.stat(r.byTest[test]!));
    const heading = mdeHeading(spec.question);
    const lead = `the ${heading.charAt(0).toLowerCase()}${heading.slice(1)} with ${pct(spec.power)} power is`;
    out.push(h('p', {}, `With N = ${fmt.int(nMax)} queries, ${lead} `, h('strong', {}, byRho(rows, text, anyRho)), '.'));
  }
  return out;
}
