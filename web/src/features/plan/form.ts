// The Plan form: every field validated as it changes, before any run. The
// fields, their labels, help, choices and the presets are the core's registry.
import { REGISTRY, modelInfo, planField, type ModelName } from '../../runtime/registry';
import { FIELD_NAMES, PRESETS, PRESET_NAMES, fieldText, settled, specFromFields, type FieldName, type PlanSpec } from './spec';
import { h } from '../../ui/dom';

export interface PlanForm {
  element: HTMLFormElement;
  /** The spec, or null (with messages shown at the fields) when a field is bad. */
  read(): PlanSpec | null;
  write(spec: PlanSpec): void;
  onChange(cb: () => void): void;
  /** Offers the pilot model for data handed over from Analyze (described by `label`), and chooses it. */
  setPilot(label: string): void;
  setRunning(running: boolean): void;
}

export function createPlanForm(onRun: () => void, onCancel: () => void): PlanForm {
  const inputs = {} as Record<FieldName, HTMLInputElement | HTMLSelectElement>;
  const errors = {} as Record<FieldName, HTMLElement>;
  const testBoxes: HTMLInputElement[] = [];
  const listeners: (() => void)[] = [];
  const changed = () => listeners.forEach((l) => l());

  // The pilot model needs data the form does not hold: it is offered once Analyze hands a pilot over.
  const needsPilot = (c: (typeof REGISTRY.model_choices)[number]) => c.models.some((m) => modelInfo(m as ModelName).param === 'pilot');
  const choices = REGISTRY.model_choices;
  let pilotLabel: string | null = null;
  const pilotNote = h('span', { class: 'field-help', 'data-testid': 'pilot-note', hidden: true });
  // A model's own parameter (τ, ν, π, K) is shown only while a chosen model uses it.
  const paramOf = new Map<string, ModelName[]>();
  for (const m of REGISTRY.models) if (m.param) paramOf.set(m.param, [...(paramOf.get(m.param) ?? []), m.id as ModelName]);
  const rowOf = {} as Record<FieldName, HTMLElement>;
  const rows = FIELD_NAMES.map((name) => {
    const def = planField(name);
    const id = `field-${name}`;
    const err = h('span', { class: 'field-error', id: `${id}-error`, role: 'status' });
    errors[name] = err;
    let control: HTMLElement;
    if (def.kind === 'choice') {
      const sel = h('select', { id, name, 'aria-describedby': `${id}-help ${id}-error` },
        ...choices.map((c) => h('option', { value: c.id, hidden: needsPilot(c), disabled: needsPilot(c) }, c.label)));
      inputs[name] = sel;
      control = sel;
    } else if (def.kind === 'option') {
      const list: readonly { id: string; label: string }[] = def.choices === 'questions' ? REGISTRY.questions : REGISTRY.alternatives;
      const sel = h('select', { id, name, 'aria-describedby': `${id}-help ${id}-error` }, ...list.map((c) => h('option', { value: c.id }, c.label)));
      inputs[name] = sel;
      control = sel;
    } else if (def.kind === 'choice_list') {
      const hidden = h('input', { type: 'hidden', id, name });
      inputs[name] = hidden;
      control = h(
        'span',
        { class: 'checks', role: 'group', 'aria-labelledby': `${id}-label` },
        hidden,
        ...REGISTRY.tests.map(({ id: t, label }) => {
          const box = h('input', { type: 'checkbox', value: t, id: `${id}-${t}` });
          testBoxes.push(box);
          box.addEventListener('change', () => {
            hidden.value = testBoxes.filter((b) => b.checked).map((b) => b.value).join(',');
            validate();
            changed();
          });
          return h('label', { for: `${id}-${t}`, class: 'check' }, box, ` ${label}`);
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
    return (rowOf[name] = h(
      'div',
      { class: 'field', 'data-field': name },
      h(def.kind === 'choice_list' ? 'span' : 'label', { for: def.kind === 'choice_list' ? null : id, id: `${id}-label`, class: 'field-label' }, def.label),
      control,
      h('span', { class: 'field-help', id: `${id}-help` }, def.help),
      def.kind === 'choice' ? pilotNote : null,
      err,
    ));
  });

  function showModelFields() {
    const chosen = REGISTRY.model_choices.find((c) => c.id === inputs.model.value)?.models ?? [];
    for (const [param, models] of paramOf) {
      const row = rowOf[param as FieldName];
      if (row) row.hidden = !models.some((m) => (chosen as readonly string[]).includes(m));
    }
    // The margin belongs to equivalence and non-inferiority; the alternative to the difference question.
    const asked = inputs.question.value !== REGISTRY.questions[0].id;
    rowOf.margin.hidden = !asked;
    rowOf.alternative.hidden = asked;
  }

  const run = h('button', { type: 'submit', 'data-testid': 'run', class: 'primary' }, 'Run');
  const cancel = h('button', { type: 'button', 'data-testid': 'cancel', disabled: true }, 'Cancel');
  cancel.addEventListener('click', onCancel);
  const presetButtons = REGISTRY.presets.map((p) => h('button', { type: 'button', 'data-testid': `preset-${p.id}`, class: 'preset' }, p.label));
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
    showModelFields();
    let r = specFromFields(texts());
    // A pilot model without pilot data (a shared link cannot carry them) is named at the model field.
    const pilotChosen = choices.some((c) => c.id === inputs.model.value && needsPilot(c));
    if (pilotChosen && !pilotLabel)
      r = { errors: { ...('errors' in r ? r.errors : {}), model: 'the pilot model needs your data: in Analyze, analyse your scores and choose “Plan with these queries as a pilot” (links do not carry data)' } };
    for (const name of FIELD_NAMES) {
      const msg = 'errors' in r ? r.errors[name] : undefined;
      errors[name].textContent = msg ?? '';
      if (msg) rowOf[name].hidden = false;  // a bad value is never hidden (say, from a link)
      if (msg) inputs[name].setAttribute('aria-invalid', 'true');
      else inputs[name].removeAttribute('aria-invalid');
      testBoxes.forEach((b) => (name === 'tests' && msg ? b.setAttribute('aria-invalid', 'true') : b.removeAttribute('aria-invalid')));
    }
    run.disabled = 'errors' in r || running;
    return 'spec' in r ? settled(r.spec) : null;
  }

  function write(spec: PlanSpec) {
    for (const name of FIELD_NAMES) inputs[name].value = fieldText(spec, name);
    testBoxes.forEach((b) => (b.checked = spec.tests.includes(b.value as PlanSpec['tests'][number])));
    validate();
  }

  let running = false;
  presetButtons.forEach((b, i) =>
    b.addEventListener('click', () => {
      write(structuredClone(PRESETS[PRESET_NAMES[i]]));
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
    setPilot(label: string) {
      const sel = inputs.model as HTMLSelectElement;
      // Only the model changes: the note says which it replaced, and every other setting stays the user's.
      const before = choices.find((c) => c.id === sel.value);
      const replaced = !before ? '' : needsPilot(before) ? ` It replaces the earlier pilot${pilotLabel ? ` (${pilotLabel})` : ''}.` : ` It replaces the model “${before.label}” (choose it again to go back).`;
      pilotLabel = label;
      for (const o of sel.options) if (choices.some((c) => c.id === o.value && needsPilot(c))) o.hidden = o.disabled = false;
      sel.value = choices.find(needsPilot)!.id;
      pilotNote.hidden = false;
      pilotNote.textContent = `Pilot: ${label} (kept in this tab only).${replaced} Your other Plan settings are kept.`;
      validate();
      changed();
    },
    setRunning(r: boolean) {
      running = r;
      cancel.disabled = !r;
      validate();
    },
  };
}
