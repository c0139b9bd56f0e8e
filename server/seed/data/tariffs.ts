import type { TTariff } from '../../../contract/tariff.ts';

/*
 * The electricity tariffs (decision 026), modelled on the Egyptian Electricity Holding Company's prices in force
 * from August 2024, in piastres. Residential: up to 100 kWh a month the two lowest bands apply (0-50 at 68,
 * 51-100 at 78); above 100 kWh the consumption is priced from the start at the higher bands (0-200 at 95,
 * 201-350 at 155, 351-650 at 195, 651-1000 at 210); above 1000 kWh all of it at 223. Commercial has its own bands
 * (0-100 at 85; above 100 from the start: 0-250 at 168, 251-600 at 182, 601-1000 at 208; above 1000 all at 223).
 * The monthly customer service charge depends on the consumption band.
 */

export const tariffSeeds: TTariff[] = [
  {
    id: 'residential-2024-08',
    connectionType: 'residential',
    validFrom: '2024-08',
    tiers: [
      { upToKwh: 50, piastresPerKwh: 68 },
      { upToKwh: 100, piastresPerKwh: 78 },
      { upToKwh: 200, piastresPerKwh: 95, restart: true },
      { upToKwh: 350, piastresPerKwh: 155 },
      { upToKwh: 650, piastresPerKwh: 195 },
      { upToKwh: 1000, piastresPerKwh: 210 },
      { upToKwh: null, piastresPerKwh: 223 },
    ],
    fixedCharges: [
      { upToKwh: 50, piastres: 100 },
      { upToKwh: 100, piastres: 200 },
      { upToKwh: 200, piastres: 600 },
      { upToKwh: 350, piastres: 900 },
      { upToKwh: 650, piastres: 2000 },
      { upToKwh: 1000, piastres: 2000 },
      { upToKwh: null, piastres: 4000 },
    ],
    flatAboveKwh: 1000,
    name: { ar: 'الاستخدام المنزلي', en: 'Residential' },
  },
  {
    id: 'commercial-2024-08',
    connectionType: 'commercial',
    validFrom: '2024-08',
    tiers: [
      { upToKwh: 100, piastresPerKwh: 85 },
      { upToKwh: 250, piastresPerKwh: 168, restart: true },
      { upToKwh: 600, piastresPerKwh: 182 },
      { upToKwh: 1000, piastresPerKwh: 208 },
      { upToKwh: null, piastresPerKwh: 223 },
    ],
    fixedCharges: [
      { upToKwh: 100, piastres: 500 },
      { upToKwh: 250, piastres: 1500 },
      { upToKwh: 600, piastres: 2000 },
      { upToKwh: 1000, piastres: 2500 },
      { upToKwh: null, piastres: 4000 },
    ],
    flatAboveKwh: 1000,
    name: { ar: 'الاستخدام التجاري', en: 'Commercial' },
  },
];
