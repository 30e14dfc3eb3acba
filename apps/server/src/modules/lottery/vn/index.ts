// The Vietnamese lottery's pure rules: structures, validation, house draws, bet types (ADR 042).
export * from './regions.js';
export * from './validate.js';
export * from './draw.js';
export * from './bets.js';
export * from './correction.js';
