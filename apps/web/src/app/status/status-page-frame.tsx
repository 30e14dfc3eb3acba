import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components';
import { openCustomerService } from '@/features/system';
import './status-pages.css';

interface StatusPageFrameProps {
  title: string;
  subtitle?: string;
  customerServiceUrl: string | null;
  children?: ReactNode;
}

/** Shared frame of the maintenance and restriction pages: the only thing a blocked visitor sees. */
export function StatusPageFrame({ title, subtitle, customerServiceUrl, children }: StatusPageFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="status-page" role="main" aria-labelledby="status-page-title">
      <div className="status-page__card">
        <div className="status-page__emblem" aria-hidden="true">
          <svg viewBox="0 0 64 64" width="64" height="64" fill="none" stroke="currentColor" strokeWidth="3">
            <circle cx="32" cy="32" r="26" />
            <path d="M32 18v18M32 44v2" strokeLinecap="round" />
          </svg>
        </div>
        <h1 id="status-page-title" className="status-page__title">
          {title}
        </h1>
        {subtitle ? <p className="status-page__subtitle">{subtitle}</p> : null}
        {children}
        <p className="status-page__message">{t('status.message')}</p>
        <Button
          size="lg"
          disabled={!customerServiceUrl}
          onClick={() => {
            if (customerServiceUrl) openCustomerService(customerServiceUrl);
          }}
        >
          {t('status.contactUs')}
        </Button>
      </div>
    </div>
  );
}
