/**
 * How the bet slip builds a selection for each family's bet types: one picker per token, in the order
 * the server's family reads them (modules/lottery/families/*.ts). A picker is a row of buttons; a
 * `multi` picker takes several (11-choose-5's "any k").
 */
export interface Picker {
  /** i18n key of the row's label */
  label: string;
  options: string[];
  multi?: { min: number; max: number };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
const digits = range(0, 9);
const blocks = ['F', 'M', 'B'];

export const pickersOf: Record<string, Record<string, Picker[]>> = {
  SSC: {
    digit: [
      { label: 'position', options: range(1, 5) },
      { label: 'digit', options: digits },
    ],
    size: [
      { label: 'where', options: [...range(1, 5), 'sum'] },
      { label: 'side', options: ['big', 'small'] },
    ],
    parity: [
      { label: 'where', options: [...range(1, 5), 'sum'] },
      { label: 'side', options: ['odd', 'even'] },
    ],
    'dragon-tiger': [{ label: 'side', options: ['dragon', 'tiger', 'tie'] }],
    straight3: [
      { label: 'block', options: blocks },
      { label: 'first', options: digits },
      { label: 'second', options: digits },
      { label: 'third', options: digits },
    ],
    group3: [
      { label: 'block', options: blocks },
      { label: 'pair', options: digits },
      { label: 'single', options: digits },
    ],
    group6: [
      { label: 'block', options: blocks },
      { label: 'digits', options: digits, multi: { min: 3, max: 3 } },
    ],
  },
  K3: {
    size: [{ label: 'side', options: ['big', 'small'] }],
    parity: [{ label: 'side', options: ['odd', 'even'] }],
    sum: [{ label: 'total', options: range(3, 18) }],
    'any-triple': [{ label: 'side', options: ['any'] }],
    triple: [{ label: 'face', options: range(1, 6) }],
    pair: [{ label: 'face', options: range(1, 6) }],
    'two-different': [{ label: 'faces', options: range(1, 6), multi: { min: 2, max: 2 } }],
    'three-different': [{ label: 'faces', options: range(1, 6), multi: { min: 3, max: 3 } }],
  },
  X115: {
    any: [{ label: 'numbers', options: range(1, 11), multi: { min: 1, max: 8 } }],
    first: [{ label: 'first', options: range(1, 11) }],
    front2: [
      { label: 'first', options: range(1, 11) },
      { label: 'second', options: range(1, 11) },
    ],
    front3: [
      { label: 'first', options: range(1, 11) },
      { label: 'second', options: range(1, 11) },
      { label: 'third', options: range(1, 11) },
    ],
  },
  PK10: {
    position: [
      { label: 'position', options: range(1, 10) },
      { label: 'car', options: range(1, 10) },
    ],
    size: [
      { label: 'position', options: range(1, 10) },
      { label: 'side', options: ['big', 'small'] },
    ],
    parity: [
      { label: 'position', options: range(1, 10) },
      { label: 'side', options: ['odd', 'even'] },
    ],
    sum12: [{ label: 'total', options: range(3, 19) }],
    'sum12-size': [{ label: 'side', options: ['big', 'small'] }],
    'sum12-parity': [{ label: 'side', options: ['odd', 'even'] }],
    'dragon-tiger': [
      { label: 'position', options: range(1, 5) },
      { label: 'side', options: ['dragon', 'tiger'] },
    ],
  },
};

/** The odds key the server uses for a selection (mirrors each family's check). */
export function oddsKeyOf(family: string, betType: string, selection: string[]): string {
  if (family === 'K3' && betType === 'sum') return `sum:${selection[0] ?? ''}`;
  if (family === 'PK10' && betType === 'sum12') return `sum:${selection[0] ?? ''}`;
  if (family === 'PK10' && (betType === 'sum12-size' || betType === 'sum12-parity'))
    return selection[0] ?? '';
  if (family === 'SSC' && betType === 'dragon-tiger') return selection[0] ?? '';
  if (family === 'X115' && betType === 'any') return `any:${selection.length}`;
  return '';
}
