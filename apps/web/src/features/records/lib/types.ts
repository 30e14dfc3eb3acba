import type { MemberInfo } from '@platform/contract/client';

/** The member centre pages this feature draws. */
export type RecordsPageName = 'personalHistoryCopy' | 'personalProfit';

/** What the member centre gives each page (structurally the centre's MemberPageProps). */
export interface RecordsPageProps {
  info: MemberInfo;
  onNavigate(page: RecordsPageName): void;
}
