import type { TCategory, TCategoryCard, TService, TServiceCard } from '../../../contract/catalog.ts';
import type { TServicePage } from '../../../contract/service-page.ts';
import type { TLang } from '../../../contract/common.ts';

/**
 * The card and page forms of catalog answers (decision 033): the fields a screen shows, texts in one language.
 * Built from the snapshot's services (with `isActive` derived) when an answer is first asked for, then cached
 * serialised like the full answers.
 */
export function serviceCard(s: TService, lang: TLang): TServiceCard {
  const a = s.businessAttributes;
  return {
    id: s.id,
    serviceSlug: s.serviceSlug,
    serviceLabel: s.translations[lang].serviceLabel,
    logo: s.logo,
    categoryIds: s.categoryIds,
    order: s.order,
    deactivated: s.deactivated,
    isActive: s.isActive,
    hiddenOn: s.hiddenOn,
    disabledOn: s.disabledOn,
    hideServiceTable: s.hideServiceTable,
    businessAttributes: { cost: a.cost, numberOfSteps: a.numberOfSteps, numberOfDays: a.numberOfDays },
  };
}

export function servicePage(s: TService, lang: TLang): TServicePage {
  return {
    ...serviceCard(s, lang),
    businessAttributes: s.businessAttributes,
    texts: s.translations[lang],
    allowAnonymous: s.allowAnonymous,
    release: s.release,
    fromDate: s.fromDate,
    toDate: s.toDate,
    activation: s.activation,
    tour: s.tour.map((step) => ({ selector: step.selector, text: step.text[lang] })),
  };
}

/** A category as a card list shows it; `services` (already the audience's and the category's) when included. */
export function categoryCard(c: Omit<TCategory, 'services'>, lang: TLang, services: TService[] | undefined): TCategoryCard {
  const card: TCategoryCard = { id: c.id, name: c.translations[lang].name, icon: c.icon, order: c.order };
  if (services) card.services = services.map((s) => serviceCard(s, lang));
  return card;
}
