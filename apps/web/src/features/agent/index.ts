// Light exports only: the shell loads this module on every page; the centre is a separate chunk.
import { lazyNamed } from '@/lib/lazy';

export { AgentCentreSlot } from './components/agent-centre-slot';
/** the member centre's transferUpline page (its own chunk) */
export const TransferUplinePage = lazyNamed(
  () => import('./pages/transfer-upline-page'),
  'TransferUplinePage',
);
export { useEnabledContractTypes, NO_CONTRACT_TYPES } from './lib/contract-types';
export {
  AGENT_CENTRE_PARAM,
  DEFAULT_AGENT_CENTRE_PAGE,
  agentCentrePages,
  visibleAgentPages,
  type AgentCentrePage,
  type ContractPage,
  type EnabledContractTypes,
} from './lib/pages';
