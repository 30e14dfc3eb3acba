import { useId, type ReactNode } from 'react';
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
  return (
    <Modal open={open} onClose={onClose} title={title} variant="fullscreen">
      <div className="ui-centre" data-loaded={ready ? 'true' : 'false'}>
        {ready ? (
          <div className="ui-centre__layout">
            <div className="ui-centre__aside">
              {header}
              <nav className="ui-centre-menu" aria-label={menuLabel}>
                <ul className="ui-centre-menu__list">
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
