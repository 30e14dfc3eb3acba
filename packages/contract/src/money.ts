import { z } from 'zod';
import { MONEY_PATTERN } from './money-math.js';

export const moneyStringSchema = z
  .string()
  .regex(MONEY_PATTERN, 'amount must be a decimal with at most 2 decimals');
