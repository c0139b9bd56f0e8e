import type { SeedCategory, SeedService } from '../types.ts';
import { billServices } from './services-bills.ts';
import { careServices } from './services-care.ts';
import { CAT } from './services-common.ts';
import { connectionServices } from './services-connection.ts';
import { contractServices } from './services-contracts.ts';
import { meterServices } from './services-meters.ts';

/*
 * The service catalog: categories and services. Each service is defined in a services-*.ts file by area; this
 * file fixes the display order (the most used services first, as on the home page and in the search dialog).
 */

const category = (id: string, ar: string, en: string, icon: string, order: number): SeedCategory => ({
  id,
  translations: { ar: { name: ar }, en: { name: en } },
  icon,
  order,
});

export const categories: SeedCategory[] = [
  category(CAT.meters, 'العدادات', 'Meters', 'meter', 1),
  category(CAT.bills, 'الفواتير والمدفوعات', 'Bills and payments', 'bill', 2),
  category(CAT.connection, 'توصيل التيار', 'Power connection', 'plug', 3),
  category(CAT.contracts, 'التعاقدات', 'Contracts', 'contract', 4),
  category(CAT.documents, 'الشهادات والمستندات', 'Certificates and documents', 'document', 5),
  category(CAT.faults, 'الأعطال والشكاوى', 'Faults and complaints', 'alert', 6),
  category(CAT.renewable, 'الطاقة المتجددة', 'Renewable energy', 'solar', 7),
  category(CAT.care, 'خدمة العملاء', 'Customer care', 'headset', 8),
];

const ORDER = [
  'CODEMETER',
  'ADD_METER',
  'PAYBILLS',
  'LMIFT',
  'CCC',
  'METER_READING',
  'FAULTS_COMPLAINTS',
  'BILL_CALCULATOR',
  'CHARGE_CARD_REPLACEMENT',
  'POWER_SME',
  'POWER_INVESTMENT',
  'tickets',
  'PREPAID_RECHARGE_ISSUE',
  'BILL_OBJECTION',
  'ARREARS_INSTALLMENT',
  'PREPAID_METER_REPLACEMENT',
  'SMART_METER_UPGRADE',
  'METER_TESTING',
  'METER_RELOCATION',
  'METER_REMOVAL',
  'LOAD_INCREASE',
  'TEMP_CONSTRUCTION',
  'NAME_CHANGE',
  'CONTRACT_TYPE_CHANGE',
  'CONTRACT_CANCELLATION',
  'NO_ARREARS_CERT',
  'CONSUMPTION_STATEMENT',
  'SOLAR_NET_METERING',
  'EV_CHARGER_CONNECTION',
  'STREET_LIGHTING',
  'ELECTRICITY_THEFT_REPORT',
  'FIELD_INSPECTION',
  'APPOINTMENT_BOOKING',
];

const all = [...meterServices, ...billServices, ...connectionServices, ...contractServices, ...careServices];
const rank = (slug: string) => {
  const i = ORDER.indexOf(slug);
  if (i === -1) throw new Error(`catalog: ${slug} has no place in ORDER`);
  return i;
};

export const services: SeedService[] = [...all]
  .sort((a, b) => rank(a.serviceSlug) - rank(b.serviceSlug))
  .map((s, i) => ({ ...s, order: i + 1 }));
