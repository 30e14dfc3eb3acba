// Light exports only: the shell loads this module on every page; the centre is a separate chunk.
export { AgentCentreSlot } from './components/agent-centre-slot';
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
