import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Notice } from './notice.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});
const draw = (node: ReactNode) => {
  act(() => root.render(node));
  return container.firstElementChild as HTMLElement;
};

describe('Notice', () => {
  it('interrupts for an error and waits its turn otherwise', () => {
    expect(draw(<Notice tone="error">Failed</Notice>).getAttribute('role')).toBe('alert');
    for (const tone of ['warning', 'success', 'info'] as const)
      expect(draw(<Notice tone={tone}>Done</Notice>).getAttribute('role')).toBe('status');
  });

  it('lets a screen choose the live region, or none', () => {
    expect(
      draw(
        <Notice tone="warning" live="alert">
          Changed
        </Notice>,
      ).getAttribute('role'),
    ).toBe('alert');
    expect(
      draw(
        <Notice tone="info" live="off">
          Note
        </Notice>,
      ).hasAttribute('role'),
    ).toBe(false);
  });

  it('has one look per tone, boxed or inline, with the caller’s layout only added', () => {
    const box = draw(
      <Notice tone="success" className="mt-2" testId="n">
        Saved
      </Notice>,
    );
    expect(box.className).toBe('rounded-xl p-4 bg-success-bg text-success-ink mt-2');
    expect(box.dataset.testid).toBe('n');
    expect(box.textContent).toBe('Saved');
    expect(
      draw(
        <Notice tone="error" inline>
          Failed
        </Notice>,
      ).className,
    ).toBe('text-danger');
  });
});
