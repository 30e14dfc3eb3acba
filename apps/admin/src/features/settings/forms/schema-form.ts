import { settingDefinitions } from '@platform/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The settings form generator: a setting's JSON Schema (the answer's `schema`, from the contract's zod
 * schema) becomes form fields; the fields' texts become the value again; the value is checked with the
 * contract's own zod schema of the setting before anything is sent. What the generator does not know
 * (arrays of objects, maps, nested objects) is a JSON text field, checked by parsing.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

export type Control =
  | { kind: 'boolean' }
  | { kind: 'integer'; minimum?: number; maximum?: number }
  | { kind: 'number'; minimum?: number; maximum?: number }
  | { kind: 'string'; maxLength?: number; format?: string }
  | { kind: 'enum'; options: unknown[] }
  /** an array of strings (or of a string enum): one per line */
  | { kind: 'list'; options?: unknown[] }
  | { kind: 'json' };

export interface FormField {
  /** the form's field name: "value" for a setting that is one value, else "f0", "f1", ... */
  name: string;
  /** the property of an object setting; null for a setting that is one value */
  property: string | null;
  control: Control;
  nullable: boolean;
}

export interface SettingForm {
  fields: FormField[];
  /** whether the value is an object whose properties are the fields */
  object: boolean;
}

export type FormValues = Record<string, string | boolean>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type;

/** The control for a schema that is not an object, and whether null is allowed. */
export function controlOf(schema: JsonSchema): { control: Control; nullable: boolean } {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const nonNull = alternatives.filter((one) => one.type !== 'null');
    const nullable = nonNull.length < alternatives.length;
    if (nonNull.length === 1 && nonNull[0]) {
      const inner = controlOf(nonNull[0]);
      return { control: inner.control, nullable: nullable || inner.nullable };
    }
    if (nonNull.length > 0 && nonNull.every((one) => 'const' in one))
      return { control: { kind: 'enum', options: nonNull.map((one) => one.const) }, nullable };
    return { control: { kind: 'json' }, nullable };
  }
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  if (schema.enum) return { control: { kind: 'enum', options: schema.enum }, nullable };
  if ('const' in schema) return { control: { kind: 'enum', options: [schema.const] }, nullable };
  switch (typeOf(schema)) {
    case 'boolean':
      return { control: { kind: 'boolean' }, nullable };
    case 'integer':
      return { control: { kind: 'integer', minimum: schema.minimum, maximum: schema.maximum }, nullable };
    case 'number':
      return { control: { kind: 'number', minimum: schema.minimum, maximum: schema.maximum }, nullable };
    case 'string':
      return { control: { kind: 'string', maxLength: schema.maxLength, format: schema.format }, nullable };
    case 'array': {
      const items = schema.items ?? {};
      if (typeOf(items) === 'string' && !items.anyOf)
        return { control: { kind: 'list', options: items.enum }, nullable };
      return { control: { kind: 'json' }, nullable };
    }
    default:
      return { control: { kind: 'json' }, nullable };
  }
}

/** The form for a setting's schema: an object's properties one field each, else one field. */
export function buildForm(schema: unknown): SettingForm {
  const json = (isObject(schema) ? schema : {}) as JsonSchema;
  if (typeOf(json) === 'object' && json.properties && !isObject(json.additionalProperties)) {
    const fields = Object.entries(json.properties).map(([property, inner], index): FormField => {
      const { control, nullable } =
        typeOf(inner) === 'object'
          ? { control: { kind: 'json' } as Control, nullable: false }
          : controlOf(inner);
      return { name: `f${index}`, property, control, nullable };
    });
    return { fields, object: true };
  }
  const { control, nullable } = controlOf(json);
  return { fields: [{ name: 'value', property: null, control, nullable }], object: false };
}

/** An enum option's form text: its JSON, so 18 and "18" stay apart. */
export const optionValue = (option: unknown): string => JSON.stringify(option);
/** The select's value of null, for a nullable choice. */
export const NULL_OPTION = '';

function fieldText(field: FormField, value: unknown): string | boolean {
  const { control } = field;
  if (control.kind === 'boolean') return value === true;
  if (value === null || value === undefined) return control.kind === 'json' ? 'null' : '';
  switch (control.kind) {
    case 'integer':
    case 'number':
    case 'string':
      return String(value);
    case 'enum':
      return optionValue(value);
    case 'list':
      return Array.isArray(value) ? value.map(String).join('\n') : '';
    case 'json':
      return JSON.stringify(value, null, 2);
  }
}

/** The form's texts for a value of the setting. */
export function toFormValues(form: SettingForm, value: unknown): FormValues {
  const values: FormValues = {};
  for (const field of form.fields) {
    const inner = form.object && isObject(value) ? value[field.property ?? ''] : value;
    values[field.name] = fieldText(field, inner);
  }
  return values;
}

/** An i18n key (settings.validation.*) and what it names. */
export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}

type Parsed = { ok: true; value: unknown } | { ok: false; problem: FieldProblem };

function parseField(field: FormField, raw: string | boolean | undefined): Parsed {
  const { control } = field;
  if (control.kind === 'boolean') return { ok: true, value: raw === true };
  const text = typeof raw === 'string' ? raw : '';
  const trimmed = text.trim();
  if (field.nullable && trimmed === '' && control.kind !== 'json') return { ok: true, value: null };
  switch (control.kind) {
    case 'integer':
      if (!/^-?\d+$/.test(trimmed)) return { ok: false, problem: { key: 'settings.validation.integer' } };
      return { ok: true, value: Number(trimmed) };
    case 'number': {
      const number = Number(trimmed);
      if (trimmed === '' || !Number.isFinite(number))
        return { ok: false, problem: { key: 'settings.validation.number' } };
      return { ok: true, value: number };
    }
    case 'string':
      return { ok: true, value: text };
    case 'enum':
      if (trimmed === '') return { ok: false, problem: { key: 'settings.validation.choice' } };
      return { ok: true, value: JSON.parse(text) as unknown };
    case 'list':
      return {
        ok: true,
        value: text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, problem: { key: 'settings.validation.json' } };
      }
  }
}

/** A zod issue of the contract's schema as the field's words. */
export function problemOf(issue: z.core.$ZodIssue): FieldProblem {
  const origin = 'origin' in issue ? String(issue.origin) : '';
  const list = origin === 'array' || origin === 'set';
  const text = origin === 'string';
  switch (issue.code) {
    case 'too_small':
      return {
        key: list
          ? 'settings.validation.minItems'
          : text
            ? 'settings.validation.minLength'
            : 'settings.validation.min',
        params: { limit: Number(issue.minimum) },
      };
    case 'too_big':
      return {
        key: list
          ? 'settings.validation.maxItems'
          : text
            ? 'settings.validation.maxLength'
            : 'settings.validation.max',
        params: { limit: Number(issue.maximum) },
      };
    case 'invalid_format':
      return { key: 'settings.validation.format' };
    case 'invalid_type':
      return { key: 'settings.validation.type' };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'settings.validation.choice' };
    default:
      return { key: 'settings.validation.invalid', params: { detail: issue.message } };
  }
}

/** The field an issue's path (within the value) points at: its first key for an object setting. */
export function fieldOfPath(form: SettingForm, path: readonly PropertyKey[]): FormField | undefined {
  if (!form.object) return form.fields[0];
  const property = path[0];
  return form.fields.find((field) => field.property === property) ?? form.fields[0];
}

export type Checked = { ok: true; value: unknown } | { ok: false; problems: Record<string, FieldProblem> };

/**
 * The value the form's texts stand for, checked: each field parsed (a whole number, a number, JSON),
 * then the whole value against the contract's zod schema of the setting (when the app knows the key).
 */
export function checkForm(key: string, form: SettingForm, values: FormValues): Checked {
  const problems: Record<string, FieldProblem> = {};
  const parts: Record<string, unknown> = {};
  let single: unknown;
  for (const field of form.fields) {
    const parsed = parseField(field, values[field.name]);
    if (!parsed.ok) problems[field.name] = parsed.problem;
    else if (form.object) parts[field.property ?? ''] = parsed.value;
    else single = parsed.value;
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const value = form.object ? parts : single;
  const schema = (settingDefinitions as Record<string, z.ZodType | undefined>)[key];
  if (!schema) return { ok: true, value };
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value };
  for (const issue of result.error.issues) {
    const field = fieldOfPath(form, issue.path);
    if (field && !problems[field.name]) problems[field.name] = problemOf(issue);
  }
  return { ok: false, problems };
}

/** The form's values once checked: the setting's value (to send) and the reason. */
export interface SettingSubmit {
  value: unknown;
  reason: string;
}

/**
 * react-hook-form's resolver for a setting's form: the value through checkForm, the reason as the
 * contract's update body says (2 to 500 characters). Messages are i18n keys; params ride in `types`.
 */
export function settingResolver(
  key: string,
  form: SettingForm,
  reasonSchema: z.ZodType<string>,
): Resolver<FormValues & { reason: string }, unknown, SettingSubmit> {
  return async (values) => {
    const errors: FieldErrors<FormValues & { reason: string }> = {};
    const checked = checkForm(key, form, values);
    if (!checked.ok)
      for (const [name, problem] of Object.entries(checked.problems))
        errors[name] = { type: 'validate', message: JSON.stringify(problem) };
    const reason = reasonSchema.safeParse(values.reason);
    if (!reason.success)
      errors.reason = { type: 'validate', message: JSON.stringify({ key: 'settings.validation.reason' }) };
    if (Object.keys(errors).length > 0 || !checked.ok || !reason.success)
      return Promise.resolve({ values: {} as Record<string, never>, errors });
    return Promise.resolve({
      values: { value: checked.value, reason: reason.data },
      errors: {} as Record<string, never>,
    });
  };
}
