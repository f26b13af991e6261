// A form over one sandbox operation: each control made from its field in the contract (contract.ts), checked
// as the contract checks it while the reader types and before the request goes, and the sandbox's own 400
// details shown beside the field they name.
import { ApiError } from './session';
import { bodyField, choicesOf, isNumeric, minItemsOf, parameterField, problemOf, valueOf, type Field, type OperationId } from './contract';
import { announce, h, report } from './dom';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface ControlOptions {
  hint?: string;
  placeholder?: string;
  multiline?: boolean;
  /** The values to pick from when the contract leaves them open (the partner's keys); an enumeration's own otherwise. */
  choices?: ReadonlyArray<string | [value: string, label: string]>;
  /** The label of the empty choice of an optional select. */
  none?: string;
  /** The input's type, when the contract's is a string shown otherwise (a date). */
  type?: string;
  value?: string;
  /** Where the field is, when not where the form's fields are: a path parameter of the operation. */
  in?: Place;
}

type Place = 'body' | 'query' | 'path';

let sequence = 0;

export class OperationForm {
  readonly element: HTMLFormElement;
  private readonly controls = new Map<string, { field: Field; control: Control; message: HTMLElement }>();
  private readonly groups = new Map<string, { field: Field; boxes: HTMLInputElement[]; message: HTMLElement }>();
  private readonly submit: HTMLButtonElement;

  private readonly from: Place;

  constructor(
    private readonly operation: OperationId,
    { label, submit, from = 'body' }: { label: string; submit: string; from?: Place },
  ) {
    this.from = from;
    this.submit = h('button', { type: 'submit' }, submit);
    this.element = h('form', { 'aria-label': label, novalidate: true, class: 'operation-form' });
  }

  /** A control of the field `name`: a select for an enumeration (or given choices), a number input for a number, else text. */
  private field(name: string, place: Place = this.from): Field {
    return place === 'body' ? bodyField(this.operation, name) : parameterField(this.operation, place, name);
  }

  control(name: string, label: string, options: ControlOptions = {}): HTMLElement {
    const field = this.field(name, options.in);
    const id = `f${++sequence}-${name}`;
    const choices = options.choices ?? choicesOf(field.schema);
    let control: Control;
    if (choices) {
      const select = h('select', { id, name });
      if (!field.required || options.none) select.append(h('option', { value: '' }, options.none ?? '—'));
      for (const choice of choices) {
        const [value, text] = typeof choice === 'string' ? [choice, choice] : choice;
        select.append(h('option', { value }, text));
      }
      control = select;
    } else if (options.multiline) {
      control = h('textarea', { id, name, rows: 3, maxlength: field.schema.maxLength, placeholder: options.placeholder });
    } else {
      control = h('input', {
        id,
        name,
        type: options.type ?? (isNumeric(field.schema) ? 'number' : 'text'),
        inputmode: isNumeric(field.schema) ? 'numeric' : undefined,
        min: field.schema.minimum,
        max: field.schema.maximum,
        maxlength: options.type ? undefined : field.schema.maxLength,
        placeholder: options.placeholder,
        autocomplete: 'off',
        spellcheck: 'false',
      });
    }
    if (options.value !== undefined) control.value = options.value;
    control.required = field.required;
    const message = h('span', { class: 'field-problem', id: `${id}-problem` });
    const hint = options.hint ? h('span', { class: 'hint', id: `${id}-hint` }, options.hint) : null;
    control.setAttribute('aria-describedby', [hint?.id, message.id].filter(Boolean).join(' '));
    control.addEventListener('input', () => this.check(name));
    control.addEventListener('change', () => this.check(name));
    this.controls.set(name, { field, control, message });
    return h('div', { class: 'field' }, h('label', { for: id }, label, field.required ? h('span', { class: 'required', 'aria-hidden': 'true' }, ' *') : null), control, hint, message);
  }

  /** Checkboxes for an array field of an enumeration (or of `values`); the contract's minItems applies. */
  checkboxes(name: string, legend: string, values: readonly string[], hint?: string): HTMLElement {
    const field = this.field(name);
    const boxes = values.map((value) => h('input', { type: 'checkbox', name, value }));
    const message = h('span', { class: 'field-problem' });
    for (const box of boxes) box.addEventListener('change', () => this.checkGroup(name));
    this.groups.set(name, { field, boxes, message });
    return h(
      'fieldset',
      { class: 'checks' },
      h('legend', {}, legend),
      hint ? h('p', { class: 'hint' }, hint) : null,
      h('div', { class: 'check-list' }, ...boxes.map((box) => h('label', {}, box, ` ${box.value}`))),
      message,
    );
  }

  /** The value to send for a field (a number for a numeric one, absent when empty). */
  value(name: string): string | number | undefined {
    const entry = this.controls.get(name);
    if (!entry) throw new Error(`no control ${name}`);
    return valueOf(entry.field, entry.control.value.trim());
  }

  /** The values checked in a checkbox group. */
  checked(name: string): string[] {
    return (this.groups.get(name)?.boxes ?? []).filter((box) => box.checked).map((box) => box.value);
  }

  /** Sets the values checked in a checkbox group. */
  setChecked(name: string, values: readonly string[]): void {
    for (const box of this.groups.get(name)?.boxes ?? []) box.checked = values.includes(box.value);
  }

  /** The body of the fields named, leaving out the empty ones. */
  body(...names: string[]): Record<string, string | number> {
    const out: Record<string, string | number> = {};
    for (const name of names) {
      const value = this.value(name);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  private check(name: string): boolean {
    const entry = this.controls.get(name)!;
    const problem = entry.control.disabled ? '' : problemOf(entry.field, entry.control.value.trim());
    entry.control.setCustomValidity(problem);
    entry.control.setAttribute('aria-invalid', String(problem !== ''));
    entry.message.textContent = problem;
    return problem === '';
  }

  private checkGroup(name: string, required = false): boolean {
    const group = this.groups.get(name)!;
    const count = group.boxes.filter((box) => box.checked).length;
    const disabled = group.boxes.every((box) => box.disabled);
    const least = minItemsOf(group.field);
    const problem = disabled || (count === 0 && !required) || count >= least ? '' : `Pick at least ${least}.`;
    group.boxes[0]?.setCustomValidity(problem);
    group.message.textContent = problem;
    return problem === '';
  }

  /** Every control checked; the first one that breaks the contract gets the focus. */
  valid(groupsRequired: readonly string[] = []): boolean {
    let ok = true;
    for (const name of this.controls.keys()) ok = this.check(name) && ok;
    for (const name of this.groups.keys()) ok = this.checkGroup(name, groupsRequired.includes(name)) && ok;
    if (!ok) this.element.querySelector<HTMLElement>(':invalid')?.focus();
    return ok;
  }

  /** The sandbox's 400 details beside the fields they name; the rest in the status line. */
  showRefusal(error: unknown): void {
    if (error instanceof ApiError) {
      for (const [name, messages] of Object.entries(error.details ?? {})) {
        const entry = this.controls.get(name) ?? this.groups.get(name);
        if (entry) entry.message.textContent = messages.join(' ');
      }
    }
    report(error);
  }

  /** Lays out the controls with the submit button, and runs `action` on a submit whose fields hold. */
  build(children: Array<Node | null>, action: () => Promise<void>, groupsRequired: () => readonly string[] = () => []): HTMLFormElement {
    this.element.replaceChildren(...children.filter((c): c is Node => c !== null), h('div', { class: 'actions' }, this.submit));
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!this.valid(groupsRequired())) {
        announce('Check the highlighted fields.', 'error');
        return;
      }
      this.submit.disabled = true;
      action()
        .catch((error: unknown) => this.showRefusal(error))
        .finally(() => {
          this.submit.disabled = false;
        });
    });
    return this.element;
  }
}
