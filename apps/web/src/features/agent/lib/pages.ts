/** The URL query parameter that opens the agent centre: `?ac=<page>` (deep-linkable). */
export const AGENT_CENTRE_PARAM = 'ac';

/** The agent centre's entries, in SPEC section 2's order. */
export const agentCentrePages = [
  'announcement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'teamBetting',
  'userProfitLoss',
  'revenueReport',
  'downlineTransactionDetails',
  'dividend',
  'dailyWages',
  'hourlySalary',
  'realTimeSalary',
] as const;
export type AgentCentrePage = (typeof agentCentrePages)[number];

export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePage = 'agentTeamOverview';

/** Entries shown only when the matching contract type is enabled. */
export const contractPages = ['dividend', 'dailyWages', 'hourlySalary', 'realTimeSalary'] as const;
export type ContractPage = (typeof contractPages)[number];
export type EnabledContractTypes = Readonly<Record<ContractPage, boolean>>;

const isContractPage = (page: AgentCentrePage): page is ContractPage =>
  (contractPages as readonly string[]).includes(page);

/** The entries this agent may open: the contract pages only when their type is enabled. */
export const visibleAgentPages = (enabled: EnabledContractTypes): AgentCentrePage[] =>
  agentCentrePages.filter((page) => !isContractPage(page) || enabled[page]);

/** `?ac=` with an empty, unknown or hidden value opens the default page. */
export function resolveAgentCentrePage(value: string | null, enabled: EnabledContractTypes): AgentCentrePage {
  const visible: readonly string[] = visibleAgentPages(enabled);
  return value && visible.includes(value) ? (value as AgentCentrePage) : DEFAULT_AGENT_CENTRE_PAGE;
}
