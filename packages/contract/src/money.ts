import { inputText } from './input-text.js';
import { MONEY_PATTERN } from './money-math.js';

export const moneyStringSchema = inputText(32).regex(
  MONEY_PATTERN,
  'amount must be a decimal with at most 2 decimals',
);
