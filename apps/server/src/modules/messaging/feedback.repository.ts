import { count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { feedback, feedbackImage } from './messaging.schema.js';
import type { AcceptedImage } from '../../lib/image-intake.js';

export const feedbackRepository = {
  async insert(db: Executor, row: typeof feedback.$inferInsert): Promise<bigint> {
    const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id });
    if (!inserted) throw new Error('feedback: insert returned no row');
    return inserted.id;
  },

  async insertImages(db: Executor, feedbackId: bigint, images: AcceptedImage[]): Promise<void> {
    if (images.length === 0) return;
    await db.insert(feedbackImage).values(
      images.map((image, position) => ({
        feedbackId,
        position,
        contentType: image.contentType,
        bytes: image.bytes,
      })),
    );
  },

  async page(db: Executor, pageNo: number, pageSize: number) {
    const [rows, totals] = await Promise.all([
      db
        .select({
          publicId: feedback.publicId,
          memberId: feedback.memberId,
          category: feedback.category,
          text: feedback.text,
          createdAt: feedback.createdAt,
          images: sql<number>`(select count(*)::int from ${feedbackImage} where ${feedbackImage.feedbackId} = ${feedback.id})`,
        })
        .from(feedback)
        .orderBy(desc(feedback.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ total: count() }).from(feedback),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  },

  async countOf(db: Executor, memberId: bigint): Promise<number> {
    const [row] = await db.select({ total: count() }).from(feedback).where(eq(feedback.memberId, memberId));
    return row?.total ?? 0;
  },
};
