import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api } from './api.js';
import { inputText, multilineTextCheck, plainTextCheck } from './input-text.js';

interface Def {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string leaf of a schema, with its path. */
function stringLeaves(schema: z.ZodType, path: string, found: { path: string; def: Def }[]): void {
  const def = defOf(schema);
  const children: [string, z.ZodType | undefined][] = [];
  switch (def.type) {
    case 'string':
      found.push({ path, def });
      return;
    case 'object':
      for (const [key, child] of Object.entries(def.shape ?? {})) children.push([`${path}.${key}`, child]);
      break;
    case 'array':
      children.push([`${path}[]`, def.element]);
      break;
    case 'union':
      for (const option of def.options ?? []) children.push([path, option]);
      break;
    case 'record':
      children.push([`${path}{key}`, def.keyType], [`${path}{}`, def.valueType]);
      break;
    case 'intersection':
      children.push([path, def.left], [path, def.right]);
      break;
    case 'pipe':
      children.push([path, def.in]);
      break;
    default:
      children.push([path, def.innerType]);
  }
  for (const [childPath, child] of children) if (child) stringLeaves(child, childPath, found);
}

const inputs = Object.entries(api).flatMap(([name, call]) =>
  (['query', 'params', 'body'] as const).flatMap((part) => {
    const schema = (call as Partial<Record<typeof part, z.ZodType>>)[part];
    return schema ? [{ name, part, schema }] : [];
  }),
);

describe('request strings', () => {
  it('every string a caller sends carries the one text check (no raw z.string() in an input)', () => {
    const raw: string[] = [];
    for (const { name, part, schema } of inputs) {
      const leaves: { path: string; def: Def }[] = [];
      stringLeaves(schema, `${name}.${part}`, leaves);
      for (const leaf of leaves) {
        const checked = leaf.def.checks?.some(
          (check) => check === plainTextCheck || check === multilineTextCheck,
        );
        if (!checked) raw.push(leaf.path);
      }
    }
    expect(raw).toEqual([]);
    expect(inputs.length).toBeGreaterThan(30);
  });

  it.each([
    ['a NUL byte', 'ab\u0000c'],
    ['a lone high surrogate', 'ab\uD800c'],
    ['a lone low surrogate', '\uDC00abc'],
    ['an escape character', 'ab\u001Bc'],
    ['a C1 control', 'ab\u0085c'],
    ['a line feed in a one-line field', 'ab\nc'],
  ])('refuses %s with a field message', (_name, value) => {
    const result = inputText(50).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.invalidCharacters');
  });

  it('accepts Bengali, emoji (a surrogate pair) and, where multi-line, line breaks', () => {
    expect(inputText(50).safeParse('খেলা 🎲 ok').success).toBe(true);
    expect(inputText(50, { multiline: true }).safeParse('line one\r\nline two\tend').success).toBe(true);
    expect(inputText(50, { multiline: true }).safeParse('bad\u0000').success).toBe(false);
  });
});
