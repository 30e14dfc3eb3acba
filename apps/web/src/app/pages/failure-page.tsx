import { ErrorState } from '@/components';

/** A whole-page failure with a way to try again. */
export function FailurePage({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div role="main" className="page">
      <ErrorState message={message} onRetry={onRetry} />
    </div>
  );
}
