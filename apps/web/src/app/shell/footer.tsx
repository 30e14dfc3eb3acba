import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameVendors, useOpenVendor, vendorEntries } from '@/features/game';
import { useSiteInfo } from '@/features/system';
import { safeExternalUrl } from './safe-url';

export function Footer() {
  const { t } = useTranslation();
  const info = useSiteInfo();
  const vendors = vendorEntries(useGameVendors().data);
  const openVendor = useOpenVendor();
  const affiliate = info.resources.find((resource) => resource.resourceType === 'AFFILIATELINK');
  const affiliateHref = affiliate ? safeExternalUrl(affiliate.url) : null;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section className="footer__affiliate card" aria-labelledby="footer-affiliate-title">
          <div>
            <h2 id="footer-affiliate-title" className="footer__title">
              {t('footer.affiliateTitle')}
            </h2>
            <p className="footer__text">{t('footer.affiliateText')}</p>
          </div>
          {affiliateHref ? (
            <a
              className="link-button link-button--primary"
              href={affiliateHref}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('footer.affiliateCta')}
              <span className="visually-hidden"> {t('nav.opensNewWindow')}</span>
            </a>
          ) : null}
        </section>
        {vendors.length > 0 ? (
          <section className="footer__providers" aria-labelledby="footer-providers-title">
            <h2 id="footer-providers-title" className="footer__title">
              {t('footer.providers')}
            </h2>
            <ul className="footer__provider-list">
              {vendors.map((vendor) => (
                <li key={vendor.vassalage}>
                  {/* SPEC section 2's launch rules for a whole vendor (useOpenVendor). */}
                  <button type="button" className="footer__provider" onClick={() => openVendor(vendor)}>
                    {vendor.smallIcon ? (
                      <img
                        src={vendor.smallIcon}
                        alt=""
                        width="28"
                        height="28"
                        loading="lazy"
                        decoding="async"
                      />
                    ) : null}
                    <span>{vendor.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <nav className="footer__links" aria-label={t('footer.links')}>
          <Link to="/pointMall">{t('nav.pointMall')}</Link>
          <Link to="/promotions">{t('nav.promotions')}</Link>
          <Link to="/help">{t('nav.help')}</Link>
        </nav>
        <div className="footer__legal">
          <p>{t('footer.copyright', { year: new Date().getFullYear(), site: info.siteName })}</p>
          <p>{t('footer.responsible')}</p>
        </div>
      </div>
    </footer>
  );
}
