import type { TFieldsSchema } from '../../../contract/catalog.ts';
import { companies, sectors, serviceCenters } from './reference.ts';
import { ROLE } from '../../../contract/roles.ts';

/*
 * User types (spec "Dynamic user model") and the demo accounts (README "Demo accounts"). Demo accounts are
 * seeded only in demo mode; they share one public password, stored here already hashed (scrypt N=2^17).
 */

export const DEMO_PASSWORD = 'Kahraba@2026';
export const DEMO_PASSWORD_HASH = 'scrypt$17$8$1$Ep3VBMoVlO7zPiz4tn5tCA$9n5HFRkJD4R03g4kzue25mJM76Q4K6EvE8C2tOFadH8';

const L = (ar: string, en: string) => ({ ar, en });

/** The public registration form: rendered by the form engine, checked by contract/identity.ts ZSignupBody. */
export const citizenSchema: TFieldsSchema = {
  firstName: { type: 'text', label: L('الاسم الأول', 'First name'), min: 2, max: 50 },
  lastName: { type: 'text', label: L('اسم العائلة', 'Last name'), min: 2, max: 50 },
  nationalId: {
    type: 'nationalId',
    label: L('الرقم القومي', 'National ID'),
    tooltip: L('١٤ رقمًا كما في بطاقة الرقم القومي', '14 digits, as on your national ID card'),
  },
  mobile: {
    type: 'phone',
    label: L('رقم الهاتف المحمول', 'Mobile number'),
    placeholder: L('01xxxxxxxxx', '01xxxxxxxxx'),
  },
  email: { type: 'email', label: L('البريد الإلكتروني', 'E-mail'), optional: true },
  username: {
    type: 'text',
    label: L('اسم المستخدم', 'Username'),
    tooltip: L('حروف إنجليزية صغيرة وأرقام فقط', 'Lower-case letters and digits only'),
    regExp: '^[a-z0-9]{3,32}$',
    customRegexError: L('اسم المستخدم يقبل الحروف الإنجليزية الصغيرة والأرقام فقط', 'Use lower-case letters and digits only'),
  },
  password: {
    type: 'password',
    label: L('كلمة المرور', 'Password'),
    tooltip: L(
      'من ٨ إلى ١٥ حرفًا تجمع حرفًا كبيرًا وحرفًا صغيرًا ورقمًا ورمزًا',
      '8 to 15 characters with an upper-case and a lower-case letter, a digit and a symbol',
    ),
  },
  confirmPassword: { type: 'password', label: L('تأكيد كلمة المرور', 'Confirm password') },
};

/** A company's account (decision 061): its registration numbers and authorised person, kept in its profile. */
const companySchema: TFieldsSchema = {
  firstName: { type: 'text', label: L('اسم الشركة', 'Company name'), min: 2, max: 120 },
  commercialRegistration: { type: 'text', label: L('رقم السجل التجاري', 'Commercial registration number') },
  taxNumber: { type: 'text', label: L('رقم التسجيل الضريبي', 'Tax registration number') },
  authorisedName: { type: 'text', label: L('اسم المفوّض عن الشركة', 'Authorised person') },
  authorisedNationalId: { type: 'nationalId', label: L('الرقم القومي للمفوّض', "Authorised person's national ID") },
};

const options = <T extends { id: string; name: { ar: string; en: string } }>(rows: T[]) =>
  rows.map((r) => ({ value: r.id, label: r.name }));

/** Staff profile fields with their option lists (company, sector, serviceCenter). */
const staffSchema: TFieldsSchema = {
  company: { type: 'select', label: L('شركة التوزيع', 'Distribution company'), uniforms: { options: options(companies) } },
  sector: { type: 'select', label: L('القطاع', 'Sector'), uniforms: { options: options(sectors) }, optional: true },
  serviceCenter: {
    type: 'select',
    label: L('مركز الخدمة', 'Service center'),
    uniforms: { options: options(serviceCenters) },
    optional: true,
    multiple: true,
  },
};

export type SeedUserType = {
  userSlug: string;
  kind: 'citizen' | 'employee' | 'agent' | 'agent_employee';
  registration: boolean;
  label: { ar: string; en: string };
  schema: TFieldsSchema;
};

export function userTypeSeeds(employeeSlugs: readonly string[]): SeedUserType[] {
  const employeeLabels: Record<string, { ar: string; en: string }> = {
    employee: L('موظف', 'Employee'),
    we_employee: L('موظف الشبكات', 'Network employee'),
    xceed_employee: L('موظف مركز الاتصال', 'Contact centre employee'),
  };
  return [
    { userSlug: 'citizen', kind: 'citizen', registration: true, label: L('مواطن', 'Citizen'), schema: citizenSchema },
    ...employeeSlugs.map((slug) => ({
      userSlug: slug,
      kind: 'employee' as const,
      registration: false,
      label: employeeLabels[slug] ?? L(slug, slug),
      schema: staffSchema,
    })),
    { userSlug: 'agent', kind: 'agent', registration: false, label: L('وكيل', 'Agent'), schema: staffSchema },
    // A company's account (decision 061): signs in on the citizen build, owns what staff file for it.
    { userSlug: 'company', kind: 'citizen', registration: false, label: L('شركة', 'Company'), schema: companySchema },
    {
      userSlug: 'agent_employee',
      kind: 'agent_employee',
      registration: false,
      label: L('موظف وكيل', 'Agent employee'),
      schema: staffSchema,
    },
  ];
}

export type SeedUser = {
  id: string;
  number: number;
  userSlug: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  emailVerified: boolean;
  mobile: string | null;
  mobileVerified: boolean;
  nationalId: string | null;
  roles: string[];
  company: string | null;
  totpSecret: string | null;
  /** What the README says this account is for. */
  purpose: string;
  /** Profile data (a company's registration numbers and authorised person). */
  profile?: Record<string, string>;
};

/** Demo authenticator secrets (base32): add them to an authenticator app, or read today's codes in the developer mailbox. */
export const DEMO_TOTP = {
  employee: 'MG6FEBYCCFTHJHNZHV7QCTWYL2VDFYIA',
  reports: 'UKCWI3MENBREP2L5WT7QEODUESGBJXJ6',
  assigner: 'ELUSNJ6DGT45AGISQH6JUJNDIQCNTKYT',
  clerk: '6OITJ45Z4QXBRJIYTYHWIZJ4OUX6WKTA',
  manager: 'UXMZ7MSUWZLI6KQR4LHFHA5CVS5YEWUM',
  auditor: '4LSHQVRFANPAHQECE2RR3LF7TNEWYZ5E',
} as const;

/** Every family's request work and meter approvals (decision 036): what a front-office employee does. */
const HANDLER_ROLES = [
  ROLE.meterRequests,
  ROLE.connectionRequests,
  ROLE.contractRequests,
  ROLE.billingRequests,
  ROLE.careRequests,
  ROLE.meterApprovals,
];

export function demoUsers(employeeSlugs: readonly string[]): SeedUser[] {
  const emp = employeeSlugs[0] ?? 'employee';
  const emp2 = employeeSlugs[1] ?? emp;
  const base = { emailVerified: true, mobileVerified: true, company: null, totpSecret: null, roles: [] as string[] };
  return [
    {
      ...base,
      id: 'demo-citizen',
      number: 1,
      userSlug: 'citizen',
      username: 'citizen',
      firstName: 'أحمد',
      lastName: 'محمود',
      email: 'citizen@kahraba.local',
      mobile: '01000000001',
      nationalId: '29001010100015',
      purpose: 'Citizen with a verified e-mail and mobile',
    },
    {
      ...base,
      id: 'demo-employee',
      number: 2,
      userSlug: emp,
      username: 'employee',
      firstName: 'منى',
      lastName: 'سالم',
      email: 'employee@kahraba.local',
      mobile: '01100000002',
      nationalId: '28505050100029',
      roles: [...HANDLER_ROLES, ROLE.technicalSupport, ROLE.dashboard],
      // The holding's (no company): it also sees the requests and meters no rule routes to a company.
      company: null,
      totpSecret: DEMO_TOTP.employee,
      purpose: "Holding employee: every family's requests, meter approvals, technical support and dashboard (authenticator app)",
    },
    {
      ...base,
      id: 'demo-reports',
      number: 3,
      userSlug: emp,
      username: 'reports',
      firstName: 'كريم',
      lastName: 'عادل',
      email: 'reports@kahraba.local',
      mobile: '01200000003',
      nationalId: '28808080100035',
      roles: [ROLE.reports, ROLE.financialReports, ROLE.dashboard],
      company: companies[0]!.id,
      totpSecret: DEMO_TOTP.reports,
      purpose: 'Employee: reports and financial reports only: no request or meter work (authenticator app)',
    },
    {
      ...base,
      id: 'demo-assigner',
      number: 4,
      userSlug: emp2,
      username: 'assigner',
      firstName: 'هالة',
      lastName: 'فريد',
      email: 'assigner@kahraba.local',
      mobile: '01500000004',
      nationalId: '29103030100047',
      roles: [ROLE.assignExternalCompany],
      company: null,
      totpSecret: DEMO_TOTP.assigner,
      purpose: 'Holding employee: assigns ready requests to an external company, and reads only those (authenticator app)',
    },
    {
      ...base,
      id: 'demo-agent',
      number: 5,
      userSlug: 'agent',
      username: 'agent',
      firstName: 'سامي',
      lastName: 'نبيل',
      email: 'agent@kahraba.local',
      mobile: '01000000005',
      nationalId: '28212120100051',
      company: companies[0]!.id,
      purpose: 'Agent: acts for citizens (sign in at /agent-login)',
    },
    {
      ...base,
      id: 'demo-south',
      number: 6,
      userSlug: emp,
      username: 'south',
      firstName: 'طارق',
      lastName: 'حسن',
      email: 'south@kahraba.local',
      mobile: '01000000006',
      nationalId: '28404040100063',
      roles: [...HANDLER_ROLES],
      company: companies[1]!.id,
      purpose:
        "Employee of another company (South Cairo): handles South Cairo's requests only, never North Cairo's or unrouted ones",
    },
    {
      ...base,
      id: 'demo-clerk',
      number: 7,
      userSlug: emp,
      username: 'clerk',
      firstName: 'سارة',
      lastName: 'يوسف',
      email: 'clerk@kahraba.local',
      mobile: '01100000007',
      nationalId: '29206060100071',
      roles: [...HANDLER_ROLES],
      company: null,
      totpSecret: DEMO_TOTP.clerk,
      purpose: "Holding employee: every family's requests and meter approvals (authenticator app)",
    },
    {
      ...base,
      id: 'demo-company',
      number: 8,
      userSlug: 'company',
      username: 'company',
      firstName: 'شركة النيل للمقاولات',
      lastName: '',
      email: 'company@kahraba.local',
      mobile: '01000000008',
      nationalId: null,
      profile: {
        commercialRegistration: '123456',
        taxNumber: '100200300',
        authorisedName: 'كريم فؤاد',
        authorisedNationalId: '28505050100081',
      },
      purpose: "A company's account: owns the requests staff file for it (commercial registration 123456, tax number 100200300)",
    },
    {
      ...base,
      id: 'demo-manager',
      number: 9,
      userSlug: emp,
      username: 'manager',
      firstName: 'منى',
      lastName: 'صبري',
      email: 'manager@kahraba.local',
      mobile: '01100000009',
      nationalId: '28709090100093',
      roles: [ROLE.serviceQuality, ROLE.content, ROLE.catalog],
      company: null,
      totpSecret: DEMO_TOTP.manager,
      purpose:
        'Holding employee: runs the portal: service quality and contact messages, news, guides, notices and the services (authenticator app)',
    },
    {
      ...base,
      id: 'demo-auditor',
      number: 10,
      userSlug: emp,
      username: 'auditor',
      firstName: 'طارق',
      lastName: 'منصور',
      email: 'auditor@kahraba.local',
      mobile: '01200000010',
      nationalId: '28410100100105',
      roles: [ROLE.auditor],
      company: null,
      totpSecret: DEMO_TOTP.auditor,
      purpose:
        "Holding employee: reads the record of who looked at citizens' data, and the citizens' reports of a wrong look (authenticator app)",
    },
  ];
}
