import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GAME_IMAGE, GameThumbnail } from './game-thumbnail';

/** An IntersectionObserver that records what it was given and lets the test say "now in view". */
class ViewObserver {
  static last: ViewObserver | null = null;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    ViewObserver.last = this;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
  comeIntoView() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

describe('game art', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits until it is within 1.3 screens, then loads; three failures give the default image', () => {
    vi.stubGlobal('IntersectionObserver', ViewObserver);
    const { container } = render(<GameThumbnail src="/art/tiger.png" />);
    expect(container.querySelector('img')).toBeNull();
    expect(ViewObserver.last?.options?.rootMargin).toBe('0px 0px 30% 0px');

    act(() => ViewObserver.last!.comeIntoView());
    const first = container.querySelector('img')!;
    expect(first).toHaveAttribute('src', '/art/tiger.png');
    fireEvent.error(first);
    // A fresh element per attempt, so the browser asks again.
    const second = container.querySelector('img')!;
    expect(second).not.toBe(first);
    expect(second).toHaveAttribute('src', '/art/tiger.png');
    fireEvent.error(second);
    expect(container.querySelector('img')).toHaveAttribute('src', '/art/tiger.png');
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toHaveAttribute('src', DEFAULT_GAME_IMAGE);
  });

  it('shows the default image at once for a game without art', () => {
    vi.stubGlobal('IntersectionObserver', ViewObserver);
    const { container } = render(<GameThumbnail src={null} />);
    expect(container.querySelector('img')).toHaveAttribute('src', DEFAULT_GAME_IMAGE);
  });

  it('shows art it has shown before without waiting for the scroll', () => {
    vi.stubGlobal('IntersectionObserver', ViewObserver);
    const first = render(<GameThumbnail src="/art/dragon.png" />);
    act(() => ViewObserver.last!.comeIntoView());
    fireEvent.load(first.container.querySelector('img')!);
    first.unmount();

    const again = render(<GameThumbnail src="/art/dragon.png" />);
    expect(again.container.querySelector('img')).toHaveAttribute('src', '/art/dragon.png');
  });
});
