import type { AgentContractKind } from '@platform/contract/client';
import { useSession } from '@/features/auth';
import { useContracts } from '../api/get-contracts';
import type { ContractPage, EnabledContractTypes } from './pages';

/** Before the server has answered (and for anyone who is not an agent) the four entries stay hidden. */
export const NO_CONTRACT_TYPES: EnabledContractTypes = {
  dividend: false,
  dailyWages: false,
  hourlySalary: false,
  realTimeSalary: false,
};

/** The centre's page of each contract kind. */
export const pageOfKind: Record<AgentContractKind, ContractPage> = {
  dividend: 'dividend',
  daily_wage: 'dailyWages',
  hourly_salary: 'hourlySalary',
  realtime_salary: 'realTimeSalary',
};

export const kindOfPage: Record<ContractPage, AgentContractKind> = {
  dividend: 'dividend',
  dailyWages: 'daily_wage',
  hourlySalary: 'hourly_salary',
  realTimeSalary: 'realtime_salary',
};

/**
 * Which contract kinds the operator enabled (settings agent.contracts.*), as GET /wps/agent/contracts
 * says: asked only for agents, so the entries of the four contract pages follow the settings.
 */
export function useEnabledContractTypes(): EnabledContractTypes {
  const session = useSession();
  const contracts = useContracts(session.isLoggedIn && session.isAgent);
  const kinds = contracts.data?.enabledKinds;
  if (!kinds) return NO_CONTRACT_TYPES;
  const enabled = { ...NO_CONTRACT_TYPES };
  for (const kind of kinds) enabled[pageOfKind[kind]] = true;
  return enabled;
}
