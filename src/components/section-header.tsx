import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A page section's heading with its "see all" link (the home page's sections). */
export function SectionHeader({
  id,
  to,
  title,
  more,
}: {
  id: string;
  to: '/services' | '/news' | '/faq';
  title: ReactNode;
  more: ReactNode;
}) {
  return (
    <div className="mb-3 flex items-baseline justify-between">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <Link to={to} className="text-brand underline">
        {more}
      </Link>
    </div>
  );
}
