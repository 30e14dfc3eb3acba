import type { Resource } from '@platform/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName, Empty, Modal, QrCode, Tabs } from '@/components';
import { useSiteInfo } from '@/features/system';
import { externalUrl } from '../lib/links';
import './app-download-modal.css';

export interface AppDownloadModalProps {
  open: boolean;
  onClose(): void;
}

type Platform = 'android' | 'ios';
const resourceTypeOf: Record<Platform, Resource['resourceType']> = { android: 'Android', ios: 'IOS' };
const STEPS = [1, 2, 3, 4] as const;

/**
 * Android and iOS tabs, four install steps each, and a QR code of the download address (SPEC section 2):
 * the download modal's content and the /download page's.
 */
export function AppDownloadPanel({ idPrefix = 'content-app-download' }: { idPrefix?: string }) {
  const { t } = useTranslation('content');
  const site = useSiteInfo();
  const [platform, setPlatform] = useState<Platform>('android');
  const resource = site.resources.find((item) => item.resourceType === resourceTypeOf[platform]);
  const href = resource ? externalUrl(resource.url) : null;
  const panelId = `${idPrefix}-${platform}`;

  return (
    <>
      <Tabs
        label={t('appDownload.title')}
        idPrefix={idPrefix}
        equalWidth
        tabs={[
          { id: 'android', label: t('appDownload.android.tab') },
          { id: 'ios', label: t('appDownload.ios.tab') },
        ]}
        activeId={platform}
        onChange={(id) => setPlatform(id === 'ios' ? 'ios' : 'android')}
      />
      <div
        id={panelId}
        className="content-app-download"
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${platform}`}
      >
        {resource && href ? (
          <>
            <div className="content-app-download__qr">
              <QrCode
                value={href}
                size={200}
                margin={20}
                level="M"
                title={t(`appDownload.${platform}.qrTitle`)}
              />
              <p className="content-app-download__scan">{t('appDownload.scan')}</p>
              <a
                className={buttonClassName('primary', 'md')}
                href={href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t(`appDownload.${platform}.download`)}
              </a>
            </div>
            <ol className="content-app-download__steps">
              {STEPS.map((step) => (
                <li key={step}>
                  <span className="content-app-download__step-number" aria-hidden="true">
                    {step}
                  </span>
                  <span>{t(`appDownload.${platform}.steps.${step}`)}</span>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <Empty title={t('appDownload.unavailable')} hint={t('appDownload.unavailableHint')} />
        )}
      </div>
    </>
  );
}

/** The download modal: the panel in a dialog. */
export function AppDownloadModal({ open, onClose }: AppDownloadModalProps) {
  const { t } = useTranslation('content');
  return (
    <Modal open={open} onClose={onClose} title={t('appDownload.title')}>
      <AppDownloadPanel />
    </Modal>
  );
}
