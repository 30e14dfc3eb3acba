import { useTranslation } from 'react-i18next';
import { CentreOverlay, Empty } from '@/components';
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

/** The agent centre (SPEC section 2) in the shared centre overlay. */
export function AgentCentre({ open, page: current, contractTypes, onNavigate, onClose }: AgentCentreProps) {
  const { t } = useTranslation('agent');
  return (
    <CentreOverlay
      open={open}
      onClose={onClose}
      title={t('centre.title')}
      menuLabel={t('centre.menu')}
      entries={visibleAgentPages(contractTypes)}
      current={current}
      entryLabel={(entry) => t(`pages.${entry}`)}
      onNavigate={onNavigate}
    >
      {current === 'agentTeamOverview' ? (
        <TeamOverviewPage />
      ) : (
        <Empty title={t('centre.comingSoon')} hint={t('centre.comingSoonHint')} />
      )}
    </CentreOverlay>
  );
}
