/**
 * Every table, gathered for drizzle (database.ts, drizzle.config.ts, migrations) and for code outside
 * the owning module. Each module owns its tables in modules/<module>/<module>.schema.ts (the module
 * whose repositories write them); a module imports its own tables from that file and another module's
 * tables from here (or asks that module's index). The shared layer's tables are in lib/lib.schema.ts;
 * shared column types in columns.ts. Nothing else is defined here.
 */
export * from '../lib/lib.schema.js';
export * from '../modules/system/system.schema.js';
export * from '../modules/audit/audit.schema.js';
export * from '../modules/content/content.schema.js';
export * from '../modules/game/game.schema.js';
export * from '../modules/verification/verification.schema.js';
export * from '../modules/auth/auth.schema.js';
export * from '../modules/member/member.schema.js';
export * from '../modules/wallet/wallet.schema.js';
export * from '../modules/cashier/cashier.schema.js';
export * from '../modules/messaging/messaging.schema.js';
export * from '../modules/provider/provider.schema.js';
export * from '../modules/transfer/transfer.schema.js';
export * from '../modules/inhouse/inhouse.schema.js';
export * from '../modules/agent/agent.schema.js';
export * from '../modules/lottery/lottery.schema.js';
export * from '../modules/loyalty/loyalty.schema.js';
export * from '../modules/missions/missions.schema.js';
export * from '../modules/rewards/rewards.schema.js';
export * from '../modules/admin/admin.schema.js';
export * from '../modules/players/players.schema.js';
export * from '../modules/reports/reports.schema.js';
