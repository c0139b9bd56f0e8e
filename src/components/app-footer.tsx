import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLang } from '../../contract/common.ts';
import { NewsletterForm } from '../features/public-forms/components/newsletter-form.tsx';
import {
  APP_KIND,
  APP_VERSION,
  HOTLINE,
  SERVICE_QUALITY_WHATSAPP,
  SOCIAL_LINKS,
  STORE_LINKS,
  docPath,
} from '../lib/constants.ts';
import { Icon } from './icon.tsx';
import { localDigits } from '../lib/locale.ts';
import { useAppData } from '../features/content/api/content.ts';

/* eslint-disable lingui/no-unlocalized-strings -- SVG path data, not text */
/** The footer's own icons (the footer loads after the page: they are not part of the home page's JavaScript). */
const SOCIAL = {
  whatsapp:
    'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .3-3.4-.7a11.6 11.6 0 0 1-4.5-4c-.4-.6-1-1.6-1-3.1s.8-2.2 1.1-2.5c.3-.3.6-.4.8-.4h.6c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .6l-.4.6-.4.5c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1.1c.2-.3.4-.2.7-.1l2 1c.3.1.5.2.5.3.1.1.1.7-.2 1.3Z',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8Z',
  x: 'M4 3h4.5l4 5.6L17.3 3H20l-6.3 7.4L21 21h-4.5l-4.4-6.1L6.8 21H4l6.9-8L4 3Z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z',
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

const CITIZEN_BUILD = APP_KIND === 'citizen';

/**
 * The footer's "more" drop-down (spec section 9: six entries in the citizen build): help, clients charter, privacy,
 * news, and the code of conduct and citizen guide PDFs. A native disclosure: keyboard and screen readers for free.
 */
function FooterMore({ lang }: { lang: TLang }) {
  // The citizen guide and the code of conduct come from the user-guide library (issue 26); the built-in PDFs until
  // the application data has come, or when no guide holds the place.
  const guides = useAppData().data?.config.footerGuides;
  const codeOfConduct = guides?.codeOfConduct?.[lang] ?? docPath('code-of-conduct', lang);
  const citizenGuide = guides?.citizenGuide?.[lang] ?? docPath('citizen-guide', lang);
  return (
    <details className="group" data-testid="footer-more">
      <summary className="footer-link cursor-pointer list-none">
        <Trans>More</Trans>
        <span aria-hidden="true" className="ms-1 inline-block transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="mt-1 grid gap-x-4 rounded-xl border border-line p-2 sm:grid-cols-2">
        <li>
          <Link to="/help" className="footer-link">
            <Trans>Help</Trans>
          </Link>
        </li>
        <li>
          <Link to="/charter" className="footer-link">
            <Trans>Clients charter</Trans>
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
          <a href={codeOfConduct} className="footer-link" target="_blank" rel="noopener">
            <Trans>Code of conduct (PDF)</Trans>
          </a>
        </li>
        {CITIZEN_BUILD && (
          <li>
            <a href={citizenGuide} className="footer-link" target="_blank" rel="noopener">
              <Trans>Citizen guide (PDF)</Trans>
            </a>
          </li>
        )}
      </ul>
    </details>
  );
}

export function AppFooter() {
  const { t, i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const year = new Date().getFullYear();
  return (
    <footer className={`mt-12 border-t border-line bg-card ${CITIZEN_BUILD ? 'pb-20 print:pb-0' : ''}`}>
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
            <li className="col-span-2">
              <FooterMore lang={lang} />
            </li>
          </ul>
        </nav>
        <div>
          {/* The staff builds are a workspace: no newsletter, no store links for the citizens' app (decision 050). */}
          {CITIZEN_BUILD && <NewsletterForm />}
          <p className={CITIZEN_BUILD ? 'mt-4' : undefined}>
            <a
              href={`https://wa.me/${SERVICE_QUALITY_WHATSAPP}`}
              className="footer-link inline-flex items-center gap-2"
              rel="noopener"
              target="_blank"
            >
              <Icon d={SOCIAL.whatsapp} className="size-5" />
              <Trans>Service quality on WhatsApp</Trans>
            </a>
          </p>
          <p className="mt-1">
            <a href={`tel:${HOTLINE}`} className="footer-link inline-flex items-center gap-2">
              <Icon name="phone" className="size-5" />
              <Trans>Hotline</Trans> <bdi>{localDigits(lang, HOTLINE)}</bdi>
            </a>
          </p>
        </div>
        <div>
          {CITIZEN_BUILD && (
            <>
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
            </>
          )}
          <h2 className={`mb-2 font-semibold ${CITIZEN_BUILD ? 'mt-4' : ''}`}>
            <Trans>Follow us</Trans>
          </h2>
          <ul className="flex gap-2">
            <li>
              <a href={SOCIAL_LINKS.facebook} className="icon-button" aria-label={t`Facebook`} rel="noopener" target="_blank">
                <Icon d={SOCIAL.facebook} />
              </a>
            </li>
            <li>
              <a href={SOCIAL_LINKS.x} className="icon-button" aria-label={t`X (Twitter)`} rel="noopener" target="_blank">
                <Icon d={SOCIAL.x} />
              </a>
            </li>
            <li>
              <a href={SOCIAL_LINKS.youtube} className="icon-button" aria-label={t`YouTube`} rel="noopener" target="_blank">
                <Icon d={SOCIAL.youtube} />
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
