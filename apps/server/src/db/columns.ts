import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column types every module's schema shares. */

/** created_at, set by the database when the row is inserted. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A point in time (timestamptz). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
