import { z } from 'zod';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A short, human reading of what a setting accepts, e.g. `{ enabled: boolean, endTime: string (date-time) | null }`,
 * so an operator who typed a bad value sees the shape without reading the contract.
 */
export function describeSchema(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return describe(json);
}

function describe(node: unknown): string {
  if (!isObject(node)) return 'anything';
  if ('const' in node) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return node.enum.map((item) => JSON.stringify(item)).join(' | ');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = node[key];
    if (Array.isArray(options)) return options.map(describe).join(' | ');
  }
  switch (node.type) {
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'integer':
    case 'number':
      return `${node.type}${bounds(node.minimum, node.maximum)}`;
    case 'string': {
      if (typeof node.format === 'string') return `string (${node.format})`;
      if (typeof node.pattern === 'string') return `string matching /${node.pattern}/`;
      return `string${bounds(node.minLength, node.maxLength, ' characters')}`;
    }
    case 'array':
      return `[${describe(node.items)}, ...]${bounds(node.minItems, node.maxItems, ' items')}`;
    case 'object': {
      const properties = isObject(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? node.required : [];
      const fields = Object.entries(properties).map(
        ([name, value]) => `${name}${required.includes(name) ? '' : '?'}: ${describe(value)}`,
      );
      if (isObject(node.additionalProperties))
        fields.push(`[key: string]: ${describe(node.additionalProperties)}`);
      return `{ ${fields.join(', ')} }`;
    }
    default:
      return 'anything';
  }
}

function bounds(min: unknown, max: unknown, unit = ''): string {
  const low = typeof min === 'number' ? min : undefined;
  const high = typeof max === 'number' ? max : undefined;
  if (low === undefined && high === undefined) return '';
  if (low !== undefined && high !== undefined)
    return low === high ? ` (exactly ${low}${unit})` : ` (${low} to ${high}${unit})`;
  return low !== undefined ? ` (at least ${low}${unit})` : ` (at most ${high}${unit})`;
}
