import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { Modal, MODAL_FADE_MS, type ModalVariant } from './modal';

function Harness({ variant = 'modal' }: { variant?: ModalVariant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Notice"
        variant={variant}
        footer={<button type="button">OK</button>}
      >
        <input aria-label="Name" />
      </Modal>
    </>
  );
}

afterEach(() => {
  document.body.style.overflow = '';
});

describe('Modal', () => {
  it('is a labelled dialog that takes focus, closes on Escape and gives focus back', async () => {
    const { user } = renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ maxWidth: '600px' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
    // It fades out, then leaves the page.
    await act(() => new Promise((resolve) => setTimeout(resolve, MODAL_FADE_MS + 20)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const { user } = renderWithProviders(<Harness variant="dialog" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).toHaveStyle({ maxWidth: '400px' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { hidden: true }).parentElement).toHaveAttribute(
      'data-state',
      'closed',
    );
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const ok = screen.getByRole('button', { name: 'OK' });
    ok.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(ok).toHaveFocus();
  });

  it('fullscreen locks page scroll and restores the previous value on close', async () => {
    document.body.style.overflow = 'scroll';
    const { user } = renderWithProviders(<Harness variant="fullscreen" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('does not lock page scroll for an ordinary modal', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(document.body.style.overflow).toBe('');
  });

  it('calls onClose once per Escape', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <Modal open onClose={onClose} title="T">
        body
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape wherever focus is, and gives focus back to what opened it', async () => {
    const { user } = renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    // Focus wandered off the dialog (a click on the page behind a fullscreen phone view, a script).
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { hidden: true }).parentElement).toHaveAttribute(
      'data-state',
      'closed',
    );
    expect(opener).toHaveFocus();
  });

  it('closes only the newest of two open modals on Escape, then the other', async () => {
    function Nested() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
          <button type="button" onClick={() => setInner(true)}>
            Ask
          </button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner" variant="dialog">
            inner body
          </Modal>
        </Modal>
      );
    }
    const { user } = renderWithProviders(<Nested />);
    const ask = screen.getByRole('button', { name: 'Ask' });
    await user.click(ask);
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await act(() => new Promise((resolve) => setTimeout(resolve, MODAL_FADE_MS + 20)));
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(ask).toHaveFocus();

    await user.keyboard('{Escape}');
    await act(() => new Promise((resolve) => setTimeout(resolve, MODAL_FADE_MS + 20)));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves Escape alone when a control inside used it', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <Modal open onClose={onClose} title="T">
        <input
          aria-label="Search"
          onKeyDown={(event) => {
            if (event.key === 'Escape') event.preventDefault();
          }}
        />
      </Modal>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
