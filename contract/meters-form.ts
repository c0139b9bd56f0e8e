import type { TFieldsSchema } from './catalog.ts';
import type { TLang } from './common.ts';
import { compileFields, type CompiledForm } from './form-schema.ts';
import type { CONNECTION_TYPES, CONTRACT_TYPES, METER_TYPES } from './meters.ts';

/*
 * The field schemas of the meter form and the reading form (issue 12), drawn by the one form engine (rjsf,
 * src/features/forms) in both languages; the rules the server applies are the contract's (contract/meters.ts),
 * given to the form as its `check`.
 */

const L = (ar: string, en: string) => ({ ar, en });

export const METER_TYPE_LABELS: Record<(typeof METER_TYPES)[number], { ar: string; en: string }> = {
  single_phase: L('أحادي الطور', 'Single phase'),
  three_phase: L('ثلاثي الطور', 'Three phase'),
  prepaid: L('مسبق الدفع (كارت)', 'Prepaid (card)'),
  code: L('عداد كودي', 'Code meter'),
};
export const CONNECTION_TYPE_LABELS: Record<(typeof CONNECTION_TYPES)[number], { ar: string; en: string }> = {
  residential: L('منزلي', 'Residential'),
  commercial: L('تجاري', 'Commercial'),
  industrial: L('صناعي', 'Industrial'),
  agricultural: L('زراعي', 'Agricultural'),
  government: L('حكومي', 'Government'),
};
export const CONTRACT_TYPE_LABELS: Record<(typeof CONTRACT_TYPES)[number], { ar: string; en: string }> = {
  permanent: L('دائم', 'Permanent'),
  temporary: L('مؤقت', 'Temporary'),
  code: L('ممارسة (كودي)', 'Code (practice)'),
};
const options = <K extends string>(labels: Record<K, { ar: string; en: string }>) =>
  Object.entries<{ ar: string; en: string }>(labels).map(([value, label]) => ({ value, label }));

/** Every field of spec section 3 "Meter"; company and sector follow from the service center. */
export const METER_FIELDS: TFieldsSchema = {
  name: { type: 'text', label: L('اسم مميِّز للعداد', 'A name for the meter'), optional: true, max: 60 },
  number: { type: 'meter', label: L('رقم العداد', 'Meter number'), regExp: '^[0-9\\u0660-\\u0669\\s-]{4,24}$' },
  type: { type: 'select', label: L('نوع العداد', 'Meter type'), uniforms: { options: options(METER_TYPE_LABELS) } },
  maker: { type: 'text', label: L('الشركة المصنِّعة', 'Maker'), optional: true, max: 100 },
  ownerName: { type: 'text', label: L('اسم المالك', 'Owner name'), min: 3, max: 100 },
  ownerFirstName: { type: 'text', label: L('الاسم الأول للمالك', 'Owner first name'), optional: true, max: 60 },
  ownerNationalId: { type: 'nationalId', label: L('الرقم القومي للمالك', 'Owner national ID') },
  address: { type: 'textarea', label: L('العنوان', 'Address'), min: 3, max: 300 },
  area: { type: 'text', label: L('المنطقة', 'Area'), optional: true, max: 100 },
  governorateId: {
    type: 'select',
    label: L('المحافظة', 'Governorate'),
    optional: true,
    lazyLoad: { apiDependencies: [] },
    regExp: '^[A-Za-z0-9_-]{1,64}$',
  },
  serviceCenterId: {
    type: 'select',
    label: L('مركز خدمة العملاء (ويحدد الشركة والقطاع)', 'Service center (sets the company and sector)'),
    optional: true,
    lazyLoad: { apiDependencies: ['governorateId'] },
    regExp: '^[A-Za-z0-9_-]{1,64}$',
  },
  connectionType: {
    type: 'select',
    label: L('نوع التوصيل', 'Connection type'),
    uniforms: { options: options(CONNECTION_TYPE_LABELS) },
  },
  contractType: {
    type: 'select',
    label: L('نوع التعاقد', 'Contract type'),
    optional: true,
    uniforms: { options: options(CONTRACT_TYPE_LABELS) },
  },
  subscriberCode: { type: 'text', label: L('الكود الموحد (كود المشترك)', 'Combined (subscriber) code'), optional: true, max: 30 },
  chassisNumber: { type: 'text', label: L('رقم الشاسيه', 'Chassis number'), optional: true, max: 30 },
  activityDescription: { type: 'text', label: L('وصف النشاط', 'Activity description'), optional: true, max: 300 },
  placeDescription: { type: 'text', label: L('وصف المكان', 'Place description'), optional: true, max: 300 },
  applicantDescription: { type: 'text', label: L('صفة مقدم الطلب', 'Applicant description'), optional: true, max: 300 },
  initialReading: { type: 'number', label: L('القراءة الحالية للعداد', 'Current meter reading'), min: 0, max: 999_999_999 },
  digits: { type: 'number', label: L('عدد خانات شاشة العداد', 'Digits on the meter display'), optional: true, min: 4, max: 9 },
};

export const compileMeterForm = (lang: TLang): CompiledForm => compileFields(METER_FIELDS, lang);

/** The reading form: the value and its date; a rollover and an unusual jump are the reader's declarations. */
export const READING_FIELDS: TFieldsSchema = {
  value: { type: 'number', label: L('القراءة الحالية', 'Current reading'), min: 0, max: 999_999_999, postfix: L('ك.و.س', 'kWh') },
  readDate: { type: 'date', label: L('تاريخ القراءة', 'Reading date'), dateWindow: 'past' },
  rollover: {
    type: 'checkbox',
    label: L('تخطت شاشة العداد أقصى رقم وبدأت من الصفر', 'The display passed its maximum and started again from zero'),
    optional: true,
  },
};

export const compileReadingForm = (lang: TLang): CompiledForm => compileFields(READING_FIELDS, lang);
