import { randomBytes } from 'node:crypto';
import type { FeedbackCategory, Page } from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import type { AcceptedImage } from '../../lib/image-intake.js';
import type { MemberService } from '../member/index.js';
import { feedbackRepository } from './feedback.repository.js';

export interface AdminFeedback {
  id: string;
  account: string;
  category: FeedbackCategory;
  text: string;
  images: number;
  createdAt: string;
}

/** The feedback form (SPEC section 7, PUT /wps/feedback): stored for the operator, who lists it. */
export class FeedbackService {
  constructor(
    private readonly s: {
      deps: Pick<AppDeps, 'db' | 'clock'>;
      members: Pick<MemberService, 'summariesOf'>;
    },
  ) {}

  async submit(
    memberId: bigint,
    input: { category: string; text: string },
    images: AcceptedImage[],
  ): Promise<{ id: string; createdAt: string }> {
    const createdAt = this.s.deps.clock.now();
    const publicId = `fb_${randomBytes(10).toString('hex')}`;
    await this.s.deps.db.transaction(async (tx) => {
      const id = await feedbackRepository.insert(tx, {
        publicId,
        memberId,
        category: input.category,
        text: input.text,
        createdAt,
      });
      await feedbackRepository.insertImages(tx, id, images);
    });
    return { id: publicId, createdAt: createdAt.toISOString() };
  }

  async list(pageNo: number, pageSize: number): Promise<Page<AdminFeedback>> {
    const { rows, total } = await feedbackRepository.page(this.s.deps.db, pageNo, pageSize);
    const who = await this.s.members.summariesOf(
      this.s.deps.db,
      rows.map((row) => row.memberId),
    );
    return {
      list: rows.map((row) => ({
        id: row.publicId,
        account: who.get(row.memberId)?.account ?? '',
        category: row.category as FeedbackCategory,
        text: row.text,
        images: row.images,
        createdAt: row.createdAt.toISOString(),
      })),
      pageNo,
      pageSize,
      totalCount: total,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
    };
  }
}
