// Light exports only: the shell loads this module on every page. The centre and its pages are
// separate chunks, loaded the first time the centre opens.
export { MemberCentreSlot } from './components/member-centre-slot';
export type { ComposedMemberPages } from './components/member-centre';
export type { MemberPageProps } from './lib/page-props';
export {
  useUnreadCount,
  getUnreadCount,
  unreadCountQueryOptions,
  UNREAD_REFETCH_MS,
} from './api/get-unread-count';
export { memberKeys } from './api/member-keys';
export {
  MEMBER_CENTRE_PARAM,
  DEFAULT_MEMBER_CENTRE_PAGE,
  memberCentrePages,
  memberCentreSearch,
  isMemberCentrePage,
  type MemberCentrePage,
} from './lib/pages';
