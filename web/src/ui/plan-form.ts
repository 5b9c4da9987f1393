// The Plan form: every field validated as it changes, before any run.
import { FIELD_NAMES, PRESETS, fieldText, specFromFields, type FieldName, type PlanSpec, type PresetName } from '../engine/plan';
import { h } from './dom';

interface FieldDef {
  label: string;
  help: string;
  kind: 'text' | 'select' | 'tests';
  options?: [string, string][];
}

const FIELDS: Record<FieldName, FieldDef> = {
  n: { label: 'Queries N', help: 'list or range: 50,100,200 or 50:500:50', kind: 'text' },
  delta: { label: 'Effect δ', help: 'true mean difference B − A, e.g. 0,0.01,0.02', kind: 'text' },
  rho: { label: 'Correlation ρ', help: 'between the systems’ per-query scores, e.g. 0.5,0.8', kind: 'text' },
  model: {
    label: 'Score model',
    help: 'how per-query scores are drawn',
    kind: 'select',
    options: [
      ['normal', 'normal, clipped to [0, 1] (the paper’s)'],
      ['beta', 'Beta marginals, Gaussian copula'],
      ['both', 'both of the above'],
      ['unclipped', 'normal, unclipped (exact analytic)'],
    ],
  },
  mean: { label: 'Mean score of A', help: 'e.g. 0.65', kind: 'text' },
  sd: { label: 'SD of scores', help: 'of each system, e.g. 0.12', kind: 'text' },
  alpha: { label: 'α', help: 'two-sided significance level', kind: 'text' },
  tests: { label: 'Tests', help: 'applied to every simulated sample', kind: 'tests' },
  reps: { label: 'Replicates R', help: 'per cell; Monte Carlo SE ≈ 0.5/√R', kind: 'text' },
  seed: { label: 'Seed', help: 'same seed, same numbers (CLI and browser)', kind: 'text' },
  power: { label: 'Target power', help: 'for the minimum-N and MDE tables', kind: 'text' },
};

export interface PlanForm {
  element: HTMLFormElement;
  /** The spec, or null (with messages shown at the fields) when a field is bad. */
  read(): PlanSpec | null;
  write(spec: PlanSpec): void;
  onChange(cb: () => void): void;
  setRunning(running: boolean): void;
}

export function createPlanForm(onRun: () => void, onCancel: () => void): PlanForm {
  const inputs = {} as Record<FieldName, HTMLInputElement | HTMLSelectElement>;
  const errors = {} as Record<FieldName, HTMLElement>;
  const testBoxes: HTMLInputElement[] = [];
  const listeners: (() => void)[] = [];
  const changed = () => listeners.forEach((l) => l());

  const rows = FIELD_NAMES.map((name) => {
    const def = FIELDS[name];
    const id = `field-${name}`;
    const err = h('span', { class: 'field-error', id: `${id}-error`, role: 'status' });
    errors[name] = err;
    let control: HTMLElement;
    if (def.kind === 'select') {
      const sel = h('select', { id, name, 'aria-describedby': `${id}-help ${id}-error` }, ...(def.options ?? []).map(([v, t]) => h('option', { value: v }, t)));
      inputs[name] = sel;
      control = sel;
    } else if (def.kind === 'tests') {
      const hidden = h('input', { type: 'hidden', id, name });
      inputs[name] = hidden;
      control = h(
        'span',
        { class: 'checks', role: 'group', 'aria-labelledby': `${id}-label` },
        hidden,
        ...(['t', 'wilcoxon', 'sign'] as const).map((t) => {
          const box = h('input', { type: 'checkbox', value: t, id: `${id}-${t}` });
          testBoxes.push(box);
          box.addEventListener('change', () => {
            hidden.value = testBoxes.filter((b) => b.checked).map((b) => b.value).join(',');
            validate();
            changed();
          });
          return h('label', { for: `${id}-${t}`, class: 'check' }, box, t === 't' ? ' paired t' : t === 'wilcoxon' ? ' Wilcoxon' : ' sign');
        }),
      );
    } else {
      const inp = h('input', { id, name, type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': `${id}-help ${id}-error` });
      inputs[name] = inp;
      control = inp;
    }
    control.addEventListener('input', () => {
      validate();
      changed();
    });
    control.addEventListener('change', () => {
      validate();
      changed();
    });
    return h(
      'div',
      { class: 'field' },
      h(def.kind === 'tests' ? 'span' : 'label', { for: def.kind === 'tests' ? null : id, id: `${id}-label`, class: 'field-label' }, def.label),
      control,
      h('span', { class: 'field-help', id: `${id}-help` }, def.help),
      err,
    );
  });

  const run = h('button', { type: 'submit', 'data-testid': 'run', class: 'primary' }, 'Run');
  const cancel = h('button', { type: 'button', 'data-testid': 'cancel', disabled: true }, 'Cancel');
  cancel.addEventListener('click', onCancel);
  const presetButtons = (['paper', 'quick'] as PresetName[]).map((p) =>
    h('button', { type: 'button', 'data-testid': `preset-${p}`, class: 'preset' }, p === 'paper' ? 'The paper’s grid' : 'A quick grid'),
  );
  const element = h(
    'form',
    { id: 'plan-form', novalidate: true, 'aria-labelledby': 'plan-title' },
    h('div', { class: 'presets' }, h('span', {}, 'Presets: '), ...presetButtons),
    h('div', { class: 'fields' }, ...rows),
    h('div', { class: 'actions' }, run, cancel),
  );

  function texts(): Record<FieldName, string> {
    const t = {} as Record<FieldName, string>;
    for (const name of FIELD_NAMES) t[name] = inputs[name].value;
    return t;
  }

  function validate(): PlanSpec | null {
    const r = specFromFields(texts());
    for (const name of FIELD_NAMES) {
      const msg = 'errors' in r ? r.errors[name] : undefined;
      errors[name].textContent = msg ?? '';
      if (msg) inputs[name].setAttribute('aria-invalid', 'true');
      else inputs[name].removeAttribute('aria-invalid');
      testBoxes.forEach((b) => (name === 'tests' && msg ? b.setAttribute('aria-invalid', 'true') : b.removeAttribute('aria-invalid')));
    }
    run.disabled = 'errors' in r || running;
    return 'spec' in r ? r.spec : null;
  }

  function write(spec: PlanSpec) {
    for (const name of FIELD_NAMES) inputs[name].value = fieldText(spec, name);
    testBoxes.forEach((b) => (b.checked = spec.tests.includes(b.value as PlanSpec['tests'][number])));
    validate();
  }

  let running = false;
  presetButtons.forEach((b, i) =>
    b.addEventListener('click', () => {
      write(structuredClone(PRESETS[(['paper', 'quick'] as PresetName[])[i]]));
      changed();
    }),
  );
  element.addEventListener('submit', (e) => {
    e.preventDefault();
    if (validate()) onRun();
  });

  return {
    element,
    read: validate,
    write,
    onChange: (cb) => listeners.push(cb),
    setRunning(r: boolean) {
      running = r;
      cancel.disabled = !r;
      validate();
    },
  };
}
