import type { TCategoryCard } from '../../../../contract/catalog.ts';
import { sortForCards } from '../service-rules.ts';
import { ServiceCard } from './service-card.tsx';

export function CategorySection({ category }: { category: TCategoryCard }) {
  const headingId = `category-${category.id}`;
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        {category.name}
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
