import { expect, type Locator, type Page } from '@playwright/test';
import { tr } from '../support/auth.ts';

type Lang = 'ar' | 'en';

/** The employee build's service-quality screen (/quality, issue 26): its tabs, follow-ups and contact messages. */
export class QualityScreen {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}
  async open(): Promise<void> {
    await this.page.goto(`/quality?lang=${this.lang}`);
    await expect(this.page.getByRole('heading', { level: 1, name: tr(this.lang, 'Service quality') })).toBeVisible();
  }
  async tab(en: string): Promise<void> {
    await this.page.getByRole('tab', { name: tr(this.lang, en), exact: true }).click();
  }
  followUp(requestId: string): Locator {
    return this.page.locator(`[data-testid="follow-up"][data-request="${requestId}"]`);
  }
  contactMessage(reference: string): Locator {
    return this.page.locator(`[data-testid="contact-message"][data-reference="${reference}"]`);
  }
  button(card: Locator, en: string): Locator {
    return card.getByRole('button', { name: tr(this.lang, en), exact: true });
  }
}
