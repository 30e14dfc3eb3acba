import { useTranslation } from 'react-i18next';
import { CentreOverlay, Empty } from '@/components';
import { kindOfPage } from '../lib/contract-types';
import {
  contractPages,
  visibleAgentPages,
  type AgentCentrePage,
  type ContractPage,
  type EnabledContractTypes,
} from '../lib/pages';
import { AnnouncementPage } from '../pages/announcement-page';
import { ContractPage as ContractKindPage } from '../pages/contract-page';
import { DownlineTransactionsPage } from '../pages/downline-transactions-page';
import { RegisterCenterPage } from '../pages/register-center-page';
import { RevenueReportPage } from '../pages/revenue-report-page';
import { TeamBettingPage } from '../pages/team-betting-page';
import { TeamManagementPage } from '../pages/team-management-page';
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
      <CurrentPage page={current} />
    </CentreOverlay>
  );
}

const isContractPage = (page: AgentCentrePage): page is ContractPage =>
  (contractPages as readonly string[]).includes(page);

function CurrentPage({ page }: { page: AgentCentrePage }) {
  const { t } = useTranslation('agent');
  if (isContractPage(page)) return <ContractKindPage key={page} kind={kindOfPage[page]} />;
  switch (page) {
    case 'announcement':
      return <AnnouncementPage />;
    case 'agentTeamOverview':
      return <TeamOverviewPage />;
    case 'registerCenter':
      return <RegisterCenterPage />;
    case 'downlineManagmentView':
      return <TeamManagementPage />;
    case 'teamBetting':
      return <TeamBettingPage key="betting" view="betting" />;
    case 'userProfitLoss':
      return <TeamBettingPage key="profit" view="profit" />;
    case 'revenueReport':
      return <RevenueReportPage />;
    case 'downlineTransactionDetails':
      return <DownlineTransactionsPage />;
    default:
      return <Empty title={t('centre.comingSoon')} hint={t('centre.comingSoonHint')} />;
  }
}
