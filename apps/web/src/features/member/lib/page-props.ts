import type { MemberInfo } from '@platform/contract/client';
import type { MemberCentrePage } from './pages';

/** What every member centre page receives: the loaded member, and a way to open another page. */
export interface MemberPageProps {
  info: MemberInfo;
  onNavigate(page: MemberCentrePage): void;
}
