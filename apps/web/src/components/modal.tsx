import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableWithin } from './focusable';
import { useDismissableLayer } from './use-dismissable-layer';
import './modal.css';

export type ModalVariant = 'modal' | 'dialog' | 'fullscreen';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: string;
  variant?: ModalVariant;
  /** max width in px; defaults to 600 for 'modal' and 400 for 'dialog' (SPEC section 2) */
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}

/** SPEC section 9: modal fade 100 ms. */
export const MODAL_FADE_MS = 100;
const defaultWidth: Record<Exclude<ModalVariant, 'fullscreen'>, number> = { modal: 600, dialog: 400 };

export function Modal({ open, onClose, title, variant = 'modal', width, children, footer }: ModalProps) {
  const { t } = useTranslation('content');
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Stays true for the fade-out after `open` turns false, so the closing animation can play.
  const [rendered, setRendered] = useState(open);
  if (open && !rendered) setRendered(true);

  useEffect(() => {
    if (open || !rendered) return;
    const timer = window.setTimeout(() => setRendered(false), MODAL_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [open, rendered]);

  // Escape (wherever focus is) closes the newest modal; focus goes back to what opened it.
  useDismissableLayer({
    open,
    onDismiss: onClose,
    containerRef: panelRef,
    initialFocus: (panel) => focusableWithin(panel)[0] ?? panel,
  });

  useEffect(() => {
    if (!open || variant !== 'fullscreen') return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open, variant]);

  const handleKeyDown = useCallback((event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableWithin(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    } else if (!panelRef.current.contains(active)) {
      event.preventDefault();
      first.focus();
    }
  }, []);

  if (!rendered) return null;
  const maxWidth = variant === 'fullscreen' ? undefined : (width ?? defaultWidth[variant]);

  return createPortal(
    <div
      className={`ui-modal-backdrop ui-modal-backdrop--${variant}`}
      data-state={open ? 'open' : 'closed'}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && variant !== 'fullscreen') onClose();
      }}
    >
      <div
        ref={panelRef}
        className={`ui-modal ui-modal--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={maxWidth ? { maxWidth } : undefined}
        onKeyDown={handleKeyDown}
      >
        {/* not <header>/<footer>: inside a dialog they would be a second banner and contentinfo (axe) */}
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          <button type="button" className="ui-modal__close" aria-label={t('ui.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="ui-modal__body">{children}</div>
        {footer ? <div className="ui-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
