import type { EnabledContractTypes } from './pages';

/** No contract-type settings exist yet, so the four contract entries stay hidden. */
export const NO_CONTRACT_TYPES: EnabledContractTypes = {
  dividend: false,
  dailyWages: false,
  hourlySalary: false,
  realTimeSalary: false,
};

/**
 * HOOK POINT (agent issue): which contract types the operator enabled (dividend, daily salary, hourly
 * salary, real-time salary). This is the one place that switches the four agent-centre entries on:
 * read the agent contract settings here. The centre also takes a `contractTypes` prop that overrides it.
 */
export function useEnabledContractTypes(): EnabledContractTypes {
  return NO_CONTRACT_TYPES;
}
