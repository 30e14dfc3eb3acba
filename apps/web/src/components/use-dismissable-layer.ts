import { useEffect, useRef, type RefObject } from 'react';

interface Layer {
  dismiss(): void;
}

/** Open layers (the side drawer, every modal), the newest last: Escape closes only the newest. */
const stack: Layer[] = [];

function onDocumentKeyDown(event: KeyboardEvent): void {
  // A control that used Escape itself (a dropdown closing, an IME cancelling) marks it as handled.
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
  const top = stack[stack.length - 1];
  if (!top) return;
  event.preventDefault();
  top.dismiss();
}

function canTakeFocus(element: HTMLElement): boolean {
  return (
    element.isConnected &&
    !element.closest('[inert], [hidden]') &&
    getComputedStyle(element).visibility !== 'hidden'
  );
}

export interface DismissableLayerOptions {
  open: boolean;
  onDismiss(): void;
  /** the layer's element: focus found inside it (or lost) when it closes goes back to the opener */
  containerRef: RefObject<HTMLElement | null>;
  /** where focus goes when the layer opens, after the opener has been noted */
  initialFocus?(container: HTMLElement): HTMLElement | null;
}

/**
 * THE way a layer over the page (the side drawer, every modal) closes on Escape and gives focus back to
 * what opened it. Escape is heard on the document, so it works wherever focus is (on the page behind,
 * on a non-focusable part of the layer); only the newest open layer closes. When a layer closes while
 * focus is inside it or lost, focus returns to the element that had it when the layer opened. A layer
 * that closes because another opens from it (a modal from the drawer) hands focus back first, so the new
 * layer returns to the same opener.
 */
export function useDismissableLayer({
  open,
  onDismiss,
  containerRef,
  initialFocus,
}: DismissableLayerOptions) {
  // The latest callbacks, without reopening the layer when a parent passes new functions.
  const onDismissRef = useRef(onDismiss);
  const initialFocusRef = useRef(initialFocus);
  useEffect(() => {
    onDismissRef.current = onDismiss;
    initialFocusRef.current = initialFocus;
  });

  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const container = containerRef.current;
    const layer: Layer = { dismiss: () => onDismissRef.current() };
    stack.push(layer);
    if (stack.length === 1) document.addEventListener('keydown', onDocumentKeyDown);
    if (container) initialFocusRef.current?.(container)?.focus();

    return () => {
      stack.splice(stack.indexOf(layer), 1);
      if (stack.length === 0) document.removeEventListener('keydown', onDocumentKeyDown);
      const now = document.activeElement;
      const focusLost = !now || now === document.body || !now.isConnected;
      const focusInside = !!container && !!now && container.contains(now);
      if ((focusLost || focusInside) && opener && canTakeFocus(opener)) opener.focus();
    };
  }, [open, containerRef]);
}
