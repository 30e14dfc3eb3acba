import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '@/test/browser-stubs';
import { renderWithProviders } from '@/test/render-with-providers';
import { Carousel } from './carousel';

beforeEach(() => installBrowserStubs());

const slides = (count: number) =>
  Array.from({ length: count }, (_, index) => <p key={index}>Slide {index + 1}</p>);

describe('Carousel', () => {
  it('with one slide shows no dots and does not move', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<Carousel label="Featured" slides={slides(1)} />);
      expect(screen.getByRole('region', { name: 'Featured' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Go to slide/ })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(20_000));
      expect(screen.getByRole('group', { name: '1 of 1' })).not.toHaveAttribute('aria-hidden');
    } finally {
      vi.useRealTimers();
    }
  });

  it('with several slides shows a dot per slide, the first current', () => {
    renderWithProviders(<Carousel label="Featured" slides={slides(3)} />);
    const dots = screen.getAllByRole('button', { name: /Go to slide/ });
    expect(dots).toHaveLength(3);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    // Slides out of view are hidden from assistive technology.
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '2 of 3' })).not.toBeInTheDocument();
  });

  it('names its slides and dots in Bengali digits in Bengali', () => {
    renderWithProviders(<Carousel label="Featured" slides={slides(3)} />, { language: 'bn' });
    expect(screen.getByRole('group', { name: '৩টির মধ্যে ১' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'স্লাইড ২-এ যান' })).toBeInTheDocument();
  });

  it('with several slides moves on by itself, and stops while hovered', async () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<Carousel label="Featured" slides={slides(3)} autoplayMs={5000} />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      const dots = () => screen.getAllByRole('button', { name: /Go to slide/ });
      expect(dots()[1]).toHaveAttribute('aria-current', 'true');

      fireEvent.mouseEnter(screen.getByRole('region', { name: 'Featured' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_000);
      });
      expect(dots()[1]).toHaveAttribute('aria-current', 'true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not move by itself for people who ask for reduced motion', async () => {
    installBrowserStubs({ reducedMotion: true });
    vi.useFakeTimers();
    try {
      renderWithProviders(<Carousel label="Featured" slides={slides(3)} />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(12_000);
      });
      expect(screen.getAllByRole('button', { name: /Go to slide/ })[0]).toHaveAttribute(
        'aria-current',
        'true',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders nothing without slides', () => {
    renderWithProviders(<Carousel label="Featured" slides={[]} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
