import { useTranslation } from 'react-i18next';
import { ErrorState, Spinner } from '@/components';
import { useMemberInfo } from '@/features/auth';
import { InviteLink } from '../components/invite-link';

/** Registration centre: the invite link and QR code new team members register with. */
export function RegisterCenterPage() {
  const { t } = useTranslation('agent');
  const info = useMemberInfo();
  if (info.isError)
    return <ErrorState message={t('overview.codeFailed')} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spinner label={t('centre.loading')} />;
  return (
    <div className="agent-page">
      <InviteLink code={info.data.referralCode} />
    </div>
  );
}
