import type { FeedbackCategory } from '@platform/contract/client';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The multipart field the server reads the images from (at most 3). */
export const FEEDBACK_IMAGES_FIELD = 'images';

/** PUT /wps/feedback (multipart: category, text, images). */
export const sendFeedback = (input: { category: FeedbackCategory; text: string; images: File[] }) => {
  const form = new FormData();
  form.append('category', input.category);
  form.append('text', input.text);
  for (const image of input.images) form.append(FEEDBACK_IMAGES_FIELD, image);
  return apiRequest('feedback', { form });
};

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
