import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod/mini';
import type { ZCategoryPartial } from '../../../../contract/catalog.ts';
import type { TLang } from '../../../../contract/common.ts';
import { sortForCards } from '../service-rules.ts';
import { ServiceCard } from './service-card.tsx';

type Category = z.infer<typeof ZCategoryPartial>;

export function CategorySection({ category }: { category: Category }) {
  const { i18n } = useLingui();
  const lang = i18n.locale as TLang;
  const headingId = `category-${category.id}`;
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        {category.translations?.[lang].name ?? category.name}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {sortForCards(category.services ?? []).map((s) => (
          <li key={s.id}>
            <ServiceCard service={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}
