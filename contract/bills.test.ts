import { describe, expect, it } from 'vitest';
import { checkBillSelection, toggleBillSelection } from './bills.ts';

const unpaid = [
  { id: 'jan', amountPiastres: 1000 },
  { id: 'feb', amountPiastres: 2000 },
  { id: 'mar', amountPiastres: 4000 },
];

describe('checkBillSelection (spec section 5: at least one bill; older bills first)', () => {
  it('refuses an empty selection', () => {
    expect(checkBillSelection(unpaid, [])).toEqual({ ok: false, code: 'NO_BILLS_SELECTED', billIds: [] });
    expect(checkBillSelection([], [])).toMatchObject({ code: 'NO_BILLS_SELECTED' });
  });

  it('accepts the oldest bills in order and sums them', () => {
    expect(checkBillSelection(unpaid, ['jan'])).toEqual({ ok: true, totalPiastres: 1000 });
    expect(checkBillSelection(unpaid, ['feb', 'jan'])).toEqual({ ok: true, totalPiastres: 3000 });
    expect(checkBillSelection(unpaid, ['jan', 'feb', 'mar'])).toEqual({ ok: true, totalPiastres: 7000 });
    expect(checkBillSelection(unpaid, ['jan', 'jan'])).toEqual({ ok: true, totalPiastres: 1000 });
  });

  it('refuses a newer bill while an older one is left out, naming the older ones', () => {
    expect(checkBillSelection(unpaid, ['feb'])).toEqual({ ok: false, code: 'OLDER_BILLS_FIRST', billIds: ['jan'] });
    expect(checkBillSelection(unpaid, ['mar'])).toEqual({ ok: false, code: 'OLDER_BILLS_FIRST', billIds: ['jan', 'feb'] });
    expect(checkBillSelection(unpaid, ['jan', 'mar'])).toEqual({ ok: false, code: 'OLDER_BILLS_FIRST', billIds: ['feb'] });
  });

  it('refuses a bill that is not among the unpaid ones', () => {
    expect(checkBillSelection(unpaid, ['jan', 'dec'])).toEqual({ ok: false, code: 'BILL_ALREADY_PAID', billIds: ['dec'] });
    expect(checkBillSelection([], ['jan'])).toEqual({ ok: false, code: 'BILL_ALREADY_PAID', billIds: ['jan'] });
  });
});

describe('toggleBillSelection', () => {
  it('choosing a bill chooses every older one; leaving one leaves every newer one', () => {
    expect(toggleBillSelection(unpaid, [], 'feb')).toEqual(['jan', 'feb']);
    expect(toggleBillSelection(unpaid, ['jan', 'feb', 'mar'], 'feb')).toEqual(['jan']);
    expect(toggleBillSelection(unpaid, ['jan'], 'jan')).toEqual([]);
    expect(toggleBillSelection(unpaid, ['jan'], 'nope')).toEqual(['jan']);
  });
  it('always gives a selection the rule accepts (or an empty one)', () => {
    let selected: string[] = [];
    for (const id of ['mar', 'jan', 'feb', 'mar', 'jan']) {
      selected = toggleBillSelection(unpaid, selected, id);
      const check = checkBillSelection(unpaid, selected);
      expect(selected.length === 0 ? check.ok === false && check.code === 'NO_BILLS_SELECTED' : check.ok).toBe(true);
    }
  });
});
