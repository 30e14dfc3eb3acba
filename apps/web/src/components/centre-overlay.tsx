import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Modal } from './modal';
import './centre-overlay.css';

export interface CentreBadge {
  count: number;
  /** read by screen readers after the entry, e.g. "3 unread" */
  label: string;
}

export interface CentreOverlayProps<P extends string> {
  open: boolean;
  onClose(): void;
  title: string;
  menuLabel: string;
  entries: readonly P[];
  current: P;
  entryLabel(entry: P): string;
  onNavigate(entry: P): void;
  badges?: Partial<Record<P, CentreBadge>>;
  /** above the menu (the member's summary) */
  header?: ReactNode;
  /** false while what the centre needs is loading: `children` (a spinner, an error) fill it instead */
  ready?: boolean;
  /** the current entry's page */
  children: ReactNode;
}

interface ScrollEdges {
  /** entries hidden before the first visible one */
  start: boolean;
  /** entries hidden after the last visible one */
  end: boolean;
}

/** Whether a horizontally scrolling row has more to show on either side, kept up to date. */
function useScrollEdges(ref: RefObject<HTMLElement | null>, active: boolean): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const row = ref.current;
    if (!row || !active) return;
    const update = () => {
      // A pixel of slack: zoomed pages report fractional scroll positions.
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    // The row's width follows the window's (a phone turned, a window resized).
    window.addEventListener('resize', update);
    return () => {
      row.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref, active]);
  return edges;
}

/**
 * THE centre overlay (member centre, agent centre; SPEC section 2): a fullscreen dialog on phones, a
 * large panel from 768 px, with its menu beside (or above) the current page.
 */
export function CentreOverlay<P extends string>({
  open,
  onClose,
  title,
  menuLabel,
  entries,
  current,
  entryLabel,
  onNavigate,
  badges = {},
  header,
  ready = true,
  children,
}: CentreOverlayProps<P>) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const edges = useScrollEdges(listRef, open && ready);

  // On a phone the menu is one row that scrolls sideways: the current entry is brought into view.
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !item || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = item.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
  }, [current, ready]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <Modal open={open} onClose={onClose} title={title} variant="fullscreen">
      <div className="ui-centre" data-loaded={ready ? 'true' : 'false'}>
        {ready ? (
          <div className="ui-centre__layout">
            <div className="ui-centre__aside">
              {header}
              <nav
                className="ui-centre-menu"
                aria-label={menuLabel}
                data-more-start={edges.start || undefined}
                data-more-end={edges.end || undefined}
              >
                {/* For pointers: the fade and arrow say the row goes on. Keyboard and screen-reader
                    users move through the entries themselves, so the arrows are not in their way. */}
                {edges.start ? (
                  <button
                    type="button"
                    className="ui-centre-menu__scroll ui-centre-menu__scroll--start"
                    aria-hidden="true"
                    tabIndex={-1}
                    onClick={() => scrollBy(-1)}
                  >
                    <ScrollArrow />
                  </button>
                ) : null}
                <ul ref={listRef} className="ui-centre-menu__list">
                  {entries.map((entry) => {
                    const badge = badges[entry];
                    return (
                      <li key={entry}>
                        <button
                          type="button"
                          className="ui-centre-menu__item"
                          aria-current={entry === current ? 'page' : undefined}
                          onClick={() => onNavigate(entry)}
                        >
                          <span>{entryLabel(entry)}</span>
                          {badge ? (
                            <>
                              <span className="ui-centre-menu__badge" aria-hidden="true">
                                {badge.count > 99 ? '99+' : badge.count}
                              </span>
                              <span className="ui-visually-hidden">{`, ${badge.label}`}</span>
                            </>
                          ) : null}
                        </button>
                      </li>
                    );
                  })}
                </ul>
                {edges.end ? (
                  <button
                    type="button"
                    className="ui-centre-menu__scroll ui-centre-menu__scroll--end"
                    aria-hidden="true"
                    tabIndex={-1}
                    onClick={() => scrollBy(1)}
                  >
                    <ScrollArrow />
                  </button>
                ) : null}
              </nav>
            </div>
            <section className="ui-centre__page" aria-labelledby={headingId}>
              <h3 id={headingId} className="ui-centre__page-title">
                {entryLabel(current)}
              </h3>
              {children}
            </section>
          </div>
        ) : (
          children
        )}
      </div>
    </Modal>
  );
}

function ScrollArrow() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M9 6l6 6-6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
