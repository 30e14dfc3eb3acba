import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { promotionApplication, promotionApplicationImage } from './rewards.schema.js';
import type { AcceptedImage } from '../../lib/image-intake.js';

export type ApplicationRow = typeof promotionApplication.$inferSelect & { images: number };

const columns = {
  id: promotionApplication.id,
  publicId: promotionApplication.publicId,
  promotionId: promotionApplication.promotionId,
  memberId: promotionApplication.memberId,
  comment: promotionApplication.comment,
  status: promotionApplication.status,
  bonus: promotionApplication.bonus,
  turnoverRequired: promotionApplication.turnoverRequired,
  reason: promotionApplication.reason,
  appliedAt: promotionApplication.appliedAt,
  decidedAt: promotionApplication.decidedAt,
  decidedBy: promotionApplication.decidedBy,
  claimedAt: promotionApplication.claimedAt,
  transferId: promotionApplication.transferId,
  images: sql<number>`(select count(*)::int from ${promotionApplicationImage} where ${promotionApplicationImage.applicationId} = ${promotionApplication.id})`,
};

/** Unique violation of the one-application-per-promotion index: the member already applied. */
export const isDuplicateApplication = (error: unknown): boolean => {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505' || text.includes('promotion_application_once_key');
};

export const applicationRepository = {
  async insert(
    db: Executor,
    row: typeof promotionApplication.$inferInsert,
    images: AcceptedImage[],
  ): Promise<void> {
    const [inserted] = await db
      .insert(promotionApplication)
      .values(row)
      .returning({ id: promotionApplication.id });
    if (!inserted) throw new Error('application: insert returned no row');
    if (images.length > 0) {
      await db.insert(promotionApplicationImage).values(
        images.map((image, position) => ({
          applicationId: inserted.id,
          position,
          contentType: image.contentType,
          bytes: image.bytes,
        })),
      );
    }
  },

  async byPublicId(db: Executor, publicId: string): Promise<ApplicationRow | null> {
    const [row] = await db
      .select(columns)
      .from(promotionApplication)
      .where(eq(promotionApplication.publicId, publicId))
      .limit(1);
    return row ?? null;
  },

  async ofMember(db: Executor, memberId: bigint): Promise<ApplicationRow[]> {
    return db
      .select(columns)
      .from(promotionApplication)
      .where(eq(promotionApplication.memberId, memberId))
      .orderBy(desc(promotionApplication.id))
      .limit(100);
  },

  async list(db: Executor, status: string | undefined): Promise<ApplicationRow[]> {
    return db
      .select(columns)
      .from(promotionApplication)
      .where(status ? eq(promotionApplication.status, status) : undefined)
      .orderBy(desc(promotionApplication.id))
      .limit(200);
  },

  /** Moves an application from one status to another; false when it was not in `from` (decided meanwhile). */
  async transition(
    db: Executor,
    where: { publicId: string; memberId?: bigint },
    from: string,
    set: Partial<typeof promotionApplication.$inferInsert>,
  ): Promise<bigint | null> {
    const rows = await db
      .update(promotionApplication)
      .set(set)
      .where(
        and(
          eq(promotionApplication.publicId, where.publicId),
          eq(promotionApplication.status, from),
          where.memberId === undefined ? undefined : eq(promotionApplication.memberId, where.memberId),
        ),
      )
      .returning({ id: promotionApplication.id });
    return rows[0]?.id ?? null;
  },
};
