import { describe, expect, it } from 'vitest';
import { toggledFavourites } from './favourite-toggle.tsx';

describe('toggledFavourites (spec section 4 "Favourite toggle")', () => {
  it('adds the slug when absent and removes it when present', () => {
    expect(toggledFavourites(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggledFavourites(['A', 'B'], 'A')).toEqual(['B']);
    expect(toggledFavourites([], 'A')).toEqual(['A']);
  });
});
