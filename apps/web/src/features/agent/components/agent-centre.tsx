import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, Modal } from '@/components';
import { visibleAgentPages, type AgentCentrePage, type EnabledContractTypes } from '../lib/pages';
import { TeamOverviewPage } from '../pages/team-overview-page';
import './agent-centre.css';

export interface AgentCentreProps {
  open: boolean;
  page: AgentCentrePage;
  /** which contract entries to show (dividend, daily wages, hourly salary, real-time salary) */
  contractTypes: EnabledContractTypes;
  onNavigate(page: AgentCentrePage): void;
  onClose(): void;
}

/** The agent centre (SPEC section 2): a fullscreen dialog on phones, a large panel on wider screens. */
export function AgentCentre({ open, page: current, contractTypes, onNavigate, onClose }: AgentCentreProps) {
  const { t } = useTranslation('agent');
  const headingId = useId();
  return (
    <Modal open={open} onClose={onClose} title={t('centre.title')} variant="fullscreen">
      <div className="agent-centre">
        <nav className="agent-menu" aria-label={t('centre.menu')}>
          <ul className="agent-menu__list">
            {visibleAgentPages(contractTypes).map((entry) => (
              <li key={entry}>
                <button
                  type="button"
                  className="agent-menu__item"
                  aria-current={entry === current ? 'page' : undefined}
                  onClick={() => onNavigate(entry)}
                >
                  {t(`pages.${entry}`)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="agent-centre__page" aria-labelledby={headingId}>
          <h3 id={headingId} className="agent-centre__page-title">
            {t(`pages.${current}`)}
          </h3>
          {current === 'agentTeamOverview' ? (
            <TeamOverviewPage />
          ) : (
            <Empty title={t('centre.comingSoon')} hint={t('centre.comingSoonHint')} />
          )}
        </section>
      </div>
    </Modal>
  );
}
