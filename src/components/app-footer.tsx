import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import { NewsletterForm } from '../features/public-forms/components/newsletter-form.tsx';
import { APP_VERSION, HOTLINE, SERVICE_QUALITY_WHATSAPP, SOCIAL_LINKS, STORE_LINKS, docPath } from '../lib/constants.ts';
import { Icon } from './icon.tsx';

export function AppFooter() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const year = new Date().getFullYear();
  return (
    <footer className="mt-12 border-t border-line bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3">
        <nav aria-label={t`Footer`}>
          <h2 className="mb-2 font-semibold">
            <Trans>The portal</Trans>
          </h2>
          <ul className="grid grid-cols-2 gap-x-4">
            <li>
              <Link to="/about" className="footer-link">
                <Trans>About</Trans>
              </Link>
            </li>
            <li>
              <Link to="/faq" className="footer-link">
                <Trans>FAQ</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact" className="footer-link">
                <Trans>Contact us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/reach-us" className="footer-link">
                <Trans>Reach us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/privacyPolicy" className="footer-link">
                <Trans>Privacy policy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/news" className="footer-link">
                <Trans>News</Trans>
              </Link>
            </li>
            <li>
              <a href={docPath('code-of-conduct', lang)} className="footer-link" target="_blank" rel="noopener">
                <Trans>Code of conduct (PDF)</Trans>
              </a>
            </li>
            <li>
              <a href={docPath('citizen-guide', lang)} className="footer-link" target="_blank" rel="noopener">
                <Trans>Citizen guide (PDF)</Trans>
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <NewsletterForm />
          <p className="mt-4">
            <a
              href={`https://wa.me/${SERVICE_QUALITY_WHATSAPP}`}
              className="footer-link inline-flex items-center gap-2"
              rel="noopener"
              target="_blank"
            >
              <Icon name="whatsapp" className="size-5" />
              <Trans>Service quality on WhatsApp</Trans>
            </a>
          </p>
          <p className="mt-1">
            <a href={`tel:${HOTLINE}`} className="footer-link inline-flex items-center gap-2">
              <Icon name="phone" className="size-5" />
              <Trans>Hotline</Trans> <bdi>{HOTLINE}</bdi>
            </a>
          </p>
        </div>
        <div>
          <h2 className="mb-2 font-semibold">
            <Trans>Get the app</Trans>
          </h2>
          <ul className="flex flex-wrap gap-2">
            <li>
              <a href={STORE_LINKS.googlePlay} className="btn-outline" rel="noopener" target="_blank">
                <Trans>Google Play</Trans>
              </a>
            </li>
            <li>
              <a href={STORE_LINKS.appStore} className="btn-outline" rel="noopener" target="_blank">
                <Trans>App Store</Trans>
              </a>
            </li>
          </ul>
          <h2 className="mb-2 mt-4 font-semibold">
            <Trans>Follow us</Trans>
          </h2>
          <ul className="flex gap-2">
            <li>
              <a href={SOCIAL_LINKS.facebook} className="icon-button" aria-label={t`Facebook`} rel="noopener" target="_blank">
                <Icon name="facebook" />
              </a>
            </li>
            <li>
              <a href={SOCIAL_LINKS.x} className="icon-button" aria-label={t`X (Twitter)`} rel="noopener" target="_blank">
                <Icon name="x" />
              </a>
            </li>
            <li>
              <a href={SOCIAL_LINKS.youtube} className="icon-button" aria-label={t`YouTube`} rel="noopener" target="_blank">
                <Icon name="youtube" />
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-line px-4 py-3 text-center text-sm text-ink-muted">
        <Trans>
          © {year} Electricity distribution companies. All rights reserved. Version <bdi>{APP_VERSION}</bdi>
        </Trans>
      </p>
    </footer>
  );
}
