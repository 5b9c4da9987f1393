// The Leaderboard's rank sets and tables of pairs: every pair of a board (Δ with its interval
// and the four p-values), written when first opened (a board of 50 systems has
// 1,225 pairs), and across datasets each pair's wins and Wilcoxon test.
import { escapeHtml as e, fmt, h } from '../../ui/dom';
import { REGISTRY } from '../../runtime/registry';
import type { BoardReport, LeaderboardReport } from './report';

const p = (v: number) => e(fmt.p(v));

/** The test behind a board's family-wise p, tiers and rank sets, as the registry names it ("randomized Tukey HSD"). */
export const procedureLabel = (b: BoardReport) => REGISTRY.family_procedures.find((p) => p.id === b.family_procedure)?.label ?? b.family_procedure;

/** A system's simultaneous rank set: "4–5", or "4" when the tests pin the rank down. */
export const rankSet = (s: BoardReport['systems'][number]) => (s.rank_set_low === s.rank_set_high ? `${s.rank_set_low}` : `${s.rank_set_low}–${s.rank_set_high}`);

/** Every pair of a board in a collapsed section, its rows written on first opening. */
export function pairTable(b: BoardReport): HTMLElement {
  const table = h('table', { class: 'stats-table', 'data-testid': 'pair-table' });
  // Up to ten columns: on a phone the table scrolls inside its own box, reachable by keyboard.
  const box = h('div', { class: 'tables', role: 'region', tabindex: 0, 'aria-label': 'Every pair and its tests, scrollable' }, table);
  const details = h('details', { class: 'pairs' }, h('summary', {}, `All ${fmt.int(b.pairs.length)} pairs: Δ = mean(B − A) with its bootstrap interval, and their tests`), box);
  details.addEventListener('toggle', () => {
    if (!details.open || table.rows.length) return;
    // Binary items (every score 0 or 1): each pair's exact McNemar test and its Holm p, as the core adds them.
    const binary = b.pairs.length > 0 && b.pairs[0].mcnemar !== undefined;
    // Clustered items: each pair's cluster-robust p and its Holm p, which decide `differ`.
    const clustered = b.clusters !== undefined;
    table.innerHTML = '<thead><tr><th scope="col">A</th><th scope="col">B</th><th scope="col">Δ [interval]</th><th scope="col">randomization p (± SE)</th>' +
      '<th scope="col">Holm</th><th scope="col">randomized Tukey HSD</th><th scope="col">Tukey HSD (ANOVA)</th><th scope="col">differ</th>' +
      (binary ? '<th scope="col">exact McNemar p</th><th scope="col">its Holm</th>' : '') +
      (clustered ? '<th scope="col">cluster-robust p</th><th scope="col">its Holm</th>' : '') + '</tr></thead><tbody>' +
      b.pairs.map((x) => `<tr data-a="${e(x.system_a)}" data-b="${e(x.system_b)}" data-delta="${x.delta}" data-p="${x.p}" data-p-holm="${x.p_holm}" data-p-tukey="${x.p_tukey}" data-p-tukey-hsd="${x.p_tukey_hsd}"` +
        (x.mcnemar ? ` data-p-mcnemar="${x.mcnemar.p}" data-p-mcnemar-holm="${x.mcnemar_p_holm}"` : '') +
        (x.cluster ? ` data-p-cluster="${x.cluster.p}" data-p-cluster-holm="${x.cluster_p_holm}"` : '') + '>' +
        `<td>${e(x.system_a)}</td><td>${e(x.system_b)}</td><td>${fmt.signed(x.delta)} [${fmt.signed(x.ci_low)}, ${fmt.signed(x.ci_high)}]</td>` +
        `<td>${p(x.p)} ${e(fmt.se(x.p_se))}</td><td>${p(x.p_holm)}</td><td>${p(x.p_tukey)}</td><td>${p(x.p_tukey_hsd)}</td><td>${x.significant ? 'yes' : 'no'}</td>` +
        (binary && x.mcnemar && x.mcnemar_p_holm !== undefined ? `<td>${p(x.mcnemar.p)}</td><td>${p(x.mcnemar_p_holm)}</td>` : '') +
        (clustered && x.cluster && x.cluster_p_holm !== undefined ? `<td>${p(x.cluster.p)}</td><td>${p(x.cluster_p_holm)}</td>` : '') + '</tr>').join('') +
      '</tbody>';
  });
  return details;
}

/** Across datasets: for each pair, on how many datasets B is better (significantly, where per-query scores say so) and the Wilcoxon test with Holm. */
export function acrossPairTable(a: NonNullable<LeaderboardReport['across_datasets']>): HTMLElement {
  const table = h('table', { class: 'stats-table', 'data-testid': 'across-pairs' });
  table.innerHTML = '<caption>Each pair across datasets: Wilcoxon signed-rank over the per-dataset means, Holm over all pairs</caption>' +
    '<thead><tr><th scope="col">A</th><th scope="col">B</th><th scope="col">B better on</th><th scope="col">Wilcoxon p</th><th scope="col">Holm</th></tr></thead><tbody>' +
    a.pairs.map((x) => `<tr data-a="${e(x.system_a)}" data-b="${e(x.system_b)}" data-b-better="${x.b_better}" data-p="${x.p}" data-p-holm="${x.p_holm}">` +
      `<td>${e(x.system_a)}</td><td>${e(x.system_b)}</td><td>${x.b_better} of ${a.datasets}${x.b_significantly_better === null ? '' : `, significantly on ${x.b_significantly_better}`}</td>` +
      `<td>${p(x.p)}</td><td>${p(x.p_holm)}</td></tr>`).join('') + '</tbody>';
  return table;
}
