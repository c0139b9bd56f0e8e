import { describe, expect, it } from 'vitest';
import type { TFieldsSchema } from './catalog.ts';
import {
  hasLockedBindings,
  lockedByProfile,
  profileSource,
  withLockedProfileValues,
  withProfileDefaults,
} from './profile-binding.ts';

const L = (en: string) => ({ ar: en, en });
const fields: TFieldsSchema = {
  applicantName: { type: 'text', label: L('Name'), profile: { from: 'fullName' } },
  nationalId: { type: 'nationalId', label: L('National id'), profile: { from: 'nationalId', editable: false } },
  mobile: { type: 'phone', label: L('Mobile'), profile: { from: 'mobile' } },
  address: { type: 'textarea', label: L('Address'), profile: { from: 'address' } },
  place: { type: 'location', label: L('Place'), profile: { from: 'address' } },
  note: { type: 'text', label: L('Note') },
};
const source = profileSource({
  firstName: 'Mona',
  lastName: 'Hassan',
  nationalId: '29506150100011',
  mobile: '01012345678',
  email: null,
  homeAddress: ' 5 Tahrir Square ',
});

describe('fields bound to the profile', () => {
  it('reads only the values a profile holds', () => {
    expect(source).toEqual({
      fullName: 'Mona Hassan',
      nationalId: '29506150100011',
      mobile: '01012345678',
      address: '5 Tahrir Square',
    });
    expect(profileSource({})).toEqual({});
  });

  it('opens a form with the profile where the field is empty, keeping what the person typed', () => {
    const data = withProfileDefaults(fields, source, { mobile: '01199999999', note: 'x', place: { governorate: 'cairo' } });
    expect(data).toEqual({
      applicantName: 'Mona Hassan',
      nationalId: '29506150100011',
      mobile: '01199999999',
      address: '5 Tahrir Square',
      place: { governorate: 'cairo', address: '5 Tahrir Square' },
      note: 'x',
    });
  });

  it("a locked field is the profile's, even over a draft's value", () => {
    expect(withProfileDefaults(fields, source, { nationalId: '29001010100015' }).nationalId).toBe('29506150100011');
    expect(withLockedProfileValues(fields, source, { nationalId: '29001010100015', mobile: '01199999999' })).toEqual({
      nationalId: '29506150100011',
      mobile: '01199999999',
    });
  });

  it('a profile without the value locks nothing: the person types it (a visitor, an account without it)', () => {
    expect(lockedByProfile(fields.nationalId!, {})).toBe(false);
    const sent = { nationalId: '29001010100015' };
    expect(withLockedProfileValues(fields, {}, sent)).toBe(sent);
    expect(hasLockedBindings(fields)).toBe(true);
    expect(hasLockedBindings({ note: fields.note! })).toBe(false);
  });

  it("a governorate select opens with the profile's governorate (decision 077), a chosen one stays", () => {
    const withGovernorate = {
      governorate: { type: 'select', label: L('Governorate'), profile: { from: 'governorate' } },
    } satisfies TFieldsSchema;
    const mine = profileSource({ firstName: 'Mona', governorate: 'gov-giza' });
    expect(mine).toEqual({ fullName: 'Mona', governorate: 'gov-giza' });
    expect(withProfileDefaults(withGovernorate, mine, {})).toEqual({ governorate: 'gov-giza' });
    expect(withProfileDefaults(withGovernorate, mine, { governorate: 'gov-cairo' })).toEqual({ governorate: 'gov-cairo' });
    expect(withProfileDefaults(withGovernorate, profileSource({ governorate: null }), {})).toEqual({});
  });
});
