/**
 * The contract for the web app: plain values and types only. Importing this keeps zod out of the
 * browser bundle; the schemas stay on the server side of the contract (index.ts).
 */
export * from './constants.js';
export * from './routes.js';
export * from './access.js';
export * from './money-math.js';
export * from './text.js';
export * from './page-descriptions.js';
export * from './field-validation.js';
export type * from './envelope.js';
export type * from './languages.js';
export type * from './field-rules.js';
export type * from './settings.js';
export type * from './system.js';
export type * from './content.js';
export type * from './game.js';
export type * from './auth.js';
export type * from './member.js';
export type * from './wallet.js';
export type * from './cashier.js';
export type * from './admin.js';
export type * from './audit.js';
export type * from './call.js';
export type * from './api.js';
export type * from './realtime.js';
export type * from './pvp.js';
export type * from './inhouse.js';
export type * from './inhouse-fair.js';
export * from './records-range.js';
export type * from './records.js';
export type * from './transfer.js';
export type * from './agent.js';
export * from './lottery-draw.js';
export type * from './lottery.js';
export type * from './messaging.js';
export type * from './chat-message.js';
export * from './vn-lottery-rules.js';
export type * from './vn-lottery.js';
export type * from './rewards.js';
export type * from './loyalty.js';
export type * from './missions.js';
