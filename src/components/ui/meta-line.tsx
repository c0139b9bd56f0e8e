import { Children, type ReactNode } from 'react';

/*
 * Short facts on one line ("Free | 3 steps | 5 days"), each in its own isolate, divided by a thin rule drawn with
 * a logical border. Not a "·": next to Arabic-Indic digits a middle dot reads as the digit zero («٣ · خطوات» looks
 * like «٣٠ خطوات», issue 23). The rule is decoration; a screen reader reads the facts one after the other.
 */
export function MetaLine({ children, className }: { children: ReactNode; className?: string | undefined }) {
  const items = Children.toArray(children).filter((c) => c !== '');
  return (
    <span className={`inline-flex flex-wrap items-center gap-y-1 ${className ?? ''}`.trim()} data-testid="meta-line">
      {items.map((item, i) => (
        <bdi key={i} className={i > 0 ? 'ms-2 border-s border-current ps-2' : undefined}>
          {item}
        </bdi>
      ))}
    </span>
  );
}
