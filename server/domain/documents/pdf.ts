import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { directionOf, visualRuns, type FontClass } from './bidi-text.ts';
import type { TLang } from '../../../contract/basics.ts';

/*
 * Printed documents, drawn on the server with PDFKit in Arabic or English: the receipt of a request (spec section 2
 * "View request: printings"; issue 10 item 6) and the receipt of a payment (issue 12; decision 029). One renderer
 * (`renderPdf`) draws a band with the title and the QR code, a summary, sections of rows and a footer; each kind
 * of paper only says what goes in them. Fonts ship with the app (server/assets/fonts, SIL OFL; decision 021):
 * Noto Sans Arabic for Arabic script, Noto Sans for the rest; every line goes through `visualRuns` so that
 * Arabic reads right to left with Latin words and numbers inside it in their own order.
 */

const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
const FONTS = {
  arabic: { regular: path.join(FONT_DIR, 'NotoSansArabic-Regular.ttf'), bold: path.join(FONT_DIR, 'NotoSansArabic-Bold.ttf') },
  latin: { regular: path.join(FONT_DIR, 'NotoSans-Regular.ttf'), bold: path.join(FONT_DIR, 'NotoSans-Bold.ttf') },
} as const;

/** What a receipt shows, already in the reader's language (labels, status, field values as text). */
export type ReceiptContent = {
  lang: TLang;
  /** The portal's name ("كهرباء", "Kahraba"). */
  portal: string;
  /** The document's label ("إيصال تقديم الطلب"). */
  title: string;
  serviceName: string;
  /** The request number, e.g. CODEMETER-2026-000123 (data: kept as is, left to right). */
  number: string;
  createdAt: Date;
  status: string;
  applicant: { name: string; nationalId?: string | null | undefined };
  /** The submitted data, one label and value per field, in the form's order. */
  fields: { label: string; value: string }[];
  /** The address its QR code opens: `${appOrigin}/verify?secret=…`. */
  verifyUrl: string;
  issuedAt: Date;
};

/** What a payment's receipt shows; amounts in piastres, names and labels in the reader's language. */
export type PaymentReceiptContent = {
  lang: TLang;
  portal: string;
  title: string;
  /** The payment's reference (merchantReference), what the gateway knows it by. */
  reference: string;
  transactionId: string | null;
  paidAt: Date;
  payerName: string;
  /** The way it was paid ("Bank card", "Payment number (Fawry)"), and a payment code's number. */
  means: string;
  paymentCode: string | null;
  /** The bills paid (purpose bills): bill number, meter number, month (YYYY-MM) and amount. */
  bills: { number: string; meterNumber: string; period: string; amountPiastres: number }[];
  /** The request whose fee was paid (purpose fee). */
  fee: { requestNumber: string; serviceName: string } | null;
  billsTotalPiastres: number;
  serviceFeePiastres: number;
  gatewayFeePiastres: number;
  totalPiastres: number;
  /** The total in words ("فقط ... لا غير"), from contract/number-words.ts. */
  totalInWords: string;
  verifyUrl: string;
  issuedAt: Date;
};

const TEXTS = {
  ar: {
    service: 'الخدمة',
    number: 'رقم الطلب',
    createdAt: 'تاريخ التقديم',
    status: 'الحالة',
    applicant: 'مقدم الطلب',
    nationalId: 'الرقم القومي',
    data: 'البيانات المقدمة',
    noData: 'لا توجد بيانات',
    scan: 'امسح الرمز للتحقق من المستند',
    issued: 'صدر في',
    page: (n: number, of: number) => `صفحة ${arabicDigits(n)} من ${arabicDigits(of)}`,
    reference: 'الرقم المرجعي للسداد',
    transaction: 'رقم العملية',
    paidAt: 'تاريخ السداد',
    payer: 'اسم الدافع',
    means: 'طريقة السداد',
    paymentCode: 'رقم السداد',
    paid: 'ما تم سداده',
    bill: (n: string) => `فاتورة رقم ${n}`,
    billLine: (meter: string, month: string, amount: string) => `عداد رقم ${meter}، شهر ${month}، ${amount}`,
    feeOf: 'رسوم الطلب',
    billsTotal: 'إجمالي الفواتير',
    requestFee: 'رسوم الخدمة',
    serviceFee: 'مصروفات الخدمة',
    gatewayFee: 'رسوم بوابة الدفع',
    total: 'الإجمالي',
    inWords: 'المبلغ بالحروف',
    money: (amount: string) => `${amount} جنيه`,
  },
  en: {
    service: 'Service',
    number: 'Request number',
    createdAt: 'Submitted on',
    status: 'Status',
    applicant: 'Applicant',
    nationalId: 'National ID',
    data: 'Submitted information',
    noData: 'No information',
    scan: 'Scan the code to verify this document',
    issued: 'Issued on',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    reference: 'Payment reference',
    transaction: 'Transaction number',
    paidAt: 'Paid on',
    payer: 'Paid by',
    means: 'Paid with',
    paymentCode: 'Payment number',
    paid: 'What was paid',
    bill: (n: string) => `Bill ${n}`,
    billLine: (meter: string, month: string, amount: string) => `Meter ${meter}, ${month}, ${amount}`,
    feeOf: 'Request fee',
    billsTotal: 'Bills total',
    requestFee: 'Service fee',
    serviceFee: 'Service charge',
    gatewayFee: 'Payment gateway fee',
    total: 'Total',
    inWords: 'Amount in words',
    money: (amount: string) => `EGP ${amount}`,
  },
} as const;

/** An amount of piastres in figures: '١٬٢٠٠٫٥٠ جنيه' (decision 015), 'EGP 1,200.50'. */
export function printMoney(piastres: number, lang: TLang): string {
  const figures = new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    // Plain digits and separators only: no bidi marks for the line to carry.
  }).format(piastres / 100);
  return TEXTS[lang].money(figures.replace(/[\u200e\u200f\u061c]/g, ''));
}

/** A bill's month (YYYY-MM) as the portal writes it: 'مارس ٢٠٢٦', 'March 2026'. */
export function printMonth(period: string, lang: TLang): string {
  const [y, m] = period.split('-').map(Number);
  if (!y || !m) return period;
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

/** Decision 015: numbers the interface writes in Arabic are Arabic-Indic; data (the request number) keeps its own. */
export const arabicDigits = (n: number | string): string => String(n).replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

/** A date and time as the portal writes them (spec section 9: D MMMM YYYY), in Cairo time. */
export function printDate(d: Date, lang: TLang): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Cairo',
  }).format(d);
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const COLOR = { ink: '#1f2937', muted: '#6b7280', line: '#d1d5db', band: '#0f5132', bandInk: '#ffffff', soft: '#f3f4f6' };

type Doc = PDFKit.PDFDocument;
type Weight = 'regular' | 'bold';

/** Draws text lines with bidi runs and per-script fonts; wraps by width. */
class Writer {
  constructor(
    readonly doc: Doc,
    readonly rtl: boolean,
  ) {}

  private use(font: FontClass, weight: Weight, size: number): void {
    this.doc.font(`${font}-${weight}`).fontSize(size);
  }

  /** Width of one logical line. */
  width(line: string, size: number, weight: Weight = 'regular'): number {
    let w = 0;
    for (const run of visualRuns(line, 'auto')) {
      this.use(run.font, weight, size);
      w += this.doc.widthOfString(run.text, { features: [] });
    }
    return w;
  }

  /** Logical lines of at most `maxWidth`, broken between words (a word longer than a line is cut). */
  wrap(text: string, maxWidth: number, size: number, weight: Weight = 'regular'): string[] {
    const out: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, size, weight) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line) out.push(line);
        line = word;
        while (this.width(line, size, weight) > maxWidth && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), size, weight) > maxWidth) cut--;
          out.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      out.push(line);
    }
    return out;
  }

  /**
   * One line inside the box [x, x + boxWidth], at the start edge of the document's direction (right in Arabic) or
   * at `align`. The line's own direction is its first strong character's (data in Latin letters stays LTR).
   */
  line(
    text: string,
    x: number,
    y: number,
    boxWidth: number,
    opts: { size: number; weight?: Weight; color?: string; align?: 'start' | 'end' | 'center' },
  ): void {
    const weight = opts.weight ?? 'regular';
    const base = text.trim() === '' ? (this.rtl ? 'rtl' : 'ltr') : directionOf(text);
    const runs = visualRuns(text, base);
    const total = this.width(text, opts.size, weight);
    const align = opts.align ?? 'start';
    const right = this.rtl ? align === 'start' : align === 'end';
    let cx = align === 'center' ? x + (boxWidth - total) / 2 : right ? x + boxWidth - total : x;
    this.doc.fillColor(opts.color ?? COLOR.ink);
    for (const run of runs) {
      this.use(run.font, weight, opts.size);
      // One baseline for both fonts (their ascenders differ): `y` is the top of the line box.
      this.doc.text(run.text, cx, y + opts.size * 1.1, { lineBreak: false, features: [], baseline: 'alphabetic' });
      cx += this.doc.widthOfString(run.text, { features: [] });
    }
  }

  lineHeight(size: number): number {
    return size * 1.75;
  }
}

/** The QR code as vector squares (sharp at any zoom, nothing rasterised). */
function drawQr(doc: Doc, url: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.01, cell + 0.01);
  doc.fill().restore();
}

type Rows = [label: string, value: string][];

/** What the one renderer draws: a band (portal, title, number, QR code), a summary and sections of rows. */
type PrintedDocument = {
  lang: TLang;
  portal: string;
  title: string;
  /** The paper's number under its title (a request number, a payment reference): data, kept as is. */
  number: string;
  subject: string;
  summary: Rows;
  sections: { heading: string; rows: Rows; empty: string }[];
  verifyUrl: string;
  issuedAt: Date;
};

/** The receipt of a request as PDF bytes. */
export function renderReceiptPdf(content: ReceiptContent): Promise<Buffer> {
  const t = TEXTS[content.lang];
  return renderPdf({
    lang: content.lang,
    portal: content.portal,
    title: content.title,
    number: content.number,
    subject: content.serviceName,
    summary: [
      [t.service, content.serviceName],
      [t.number, content.number],
      [t.createdAt, printDate(content.createdAt, content.lang)],
      [t.status, content.status],
      [t.applicant, content.applicant.name],
      ...(content.applicant.nationalId ? ([[t.nationalId, content.applicant.nationalId]] as Rows) : []),
    ],
    sections: [{ heading: t.data, rows: content.fields.map((f) => [f.label, f.value]), empty: t.noData }],
    verifyUrl: content.verifyUrl,
    issuedAt: content.issuedAt,
  });
}

/** The receipt of a payment as PDF bytes: what was paid, the amounts, and the total in figures and in words. */
export function renderPaymentReceiptPdf(content: PaymentReceiptContent): Promise<Buffer> {
  const t = TEXTS[content.lang];
  const money = (p: number) => printMoney(p, content.lang);
  const paid: Rows = content.fee
    ? [[t.feeOf, `${content.fee.serviceName} — ${content.fee.requestNumber}`]]
    : content.bills.map((b) => [
        t.bill(b.number),
        t.billLine(b.meterNumber, printMonth(b.period, content.lang), money(b.amountPiastres)),
      ]);
  const amounts: Rows = [
    ...(content.fee ? [] : ([[t.billsTotal, money(content.billsTotalPiastres)]] as Rows)),
    [content.fee ? t.requestFee : t.serviceFee, money(content.serviceFeePiastres)],
    [t.gatewayFee, money(content.gatewayFeePiastres)],
    [t.total, money(content.totalPiastres)],
    [t.inWords, content.totalInWords],
  ];
  return renderPdf({
    lang: content.lang,
    portal: content.portal,
    title: content.title,
    number: content.reference,
    subject: content.title,
    summary: [
      [t.reference, content.reference],
      [t.transaction, content.transactionId ?? '—'],
      [t.paidAt, printDate(content.paidAt, content.lang)],
      [t.payer, content.payerName],
      [t.means, content.means],
      ...(content.paymentCode ? ([[t.paymentCode, content.paymentCode]] as Rows) : []),
    ],
    sections: [
      { heading: t.paid, rows: paid, empty: t.noData },
      { heading: t.total, rows: amounts, empty: t.noData },
    ],
    verifyUrl: content.verifyUrl,
    issuedAt: content.issuedAt,
  });
}

async function renderPdf(content: PrintedDocument): Promise<Buffer> {
  const t = TEXTS[content.lang];
  const rtl = content.lang === 'ar';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    lang: content.lang,
    displayTitle: true,
    info: {
      Title: `${content.title} ${content.number}`,
      Subject: content.subject,
      Author: content.portal,
      Creator: content.portal,
      Producer: content.portal,
      CreationDate: content.issuedAt,
    },
  });
  for (const [cls, files] of Object.entries(FONTS))
    for (const [weight, file] of Object.entries(files)) doc.registerFont(`${cls}-${weight}`, file);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const w = new Writer(doc, rtl);
  const left = PAGE.margin;
  const inner = PAGE.width - PAGE.margin * 2;
  /** x of a box of `width` at the start (right in Arabic) or the end of the content area. */
  const at = (side: 'start' | 'end', width: number) => ((side === 'start') !== rtl ? left : PAGE.width - PAGE.margin - width);

  // Band: portal and document title at the start, QR code at the end.
  const qrSize = 112;
  doc.rect(0, 0, PAGE.width, 150).fill(COLOR.band);
  const titleBox = inner - qrSize - 24;
  w.line(content.portal, at('start', titleBox), 40, titleBox, { size: 24, weight: 'bold', color: COLOR.bandInk });
  w.line(content.title, at('start', titleBox), 84, titleBox, { size: 15, color: COLOR.bandInk });
  w.line(content.number, at('start', titleBox), 110, titleBox, { size: 12, color: COLOR.bandInk });
  drawQr(doc, content.verifyUrl, at('end', qrSize), 19, qrSize);

  let y = 176;
  w.line(t.scan, at('end', 220), y - 20, 220, { size: 8, color: COLOR.muted, align: 'end' });

  const labelWidth = 150;
  const valueWidth = inner - labelWidth - 16;
  const bottom = PAGE.height - PAGE.margin - 30;
  const row = (label: string, value: string, shaded: boolean) => {
    // Each column keeps 8 points inside its edges: a long label never touches its value.
    const lines = w.wrap(value || '—', valueWidth - 16, 11);
    const labelLines = w.wrap(label, labelWidth - 16, 10, 'bold');
    const h = Math.max(lines.length, labelLines.length) * w.lineHeight(11) + 10;
    if (y + h > bottom) {
      doc.addPage();
      y = PAGE.margin;
    }
    if (shaded) doc.rect(left, y, inner, h).fill(COLOR.soft);
    labelLines.forEach((l, i) =>
      w.line(l, at('start', labelWidth) + (rtl ? -8 : 8), y + 6 + i * w.lineHeight(11), labelWidth, {
        size: 10,
        weight: 'bold',
        color: COLOR.muted,
      }),
    );
    lines.forEach((l, i) =>
      w.line(l, at('end', valueWidth) + (rtl ? 8 : -8), y + 5 + i * w.lineHeight(11), valueWidth, { size: 11 }),
    );
    y += h;
  };

  content.summary.forEach(([label, value], i) => row(label, value, i % 2 === 0));

  for (const section of content.sections) {
    y += 24;
    if (y + 60 > bottom) {
      doc.addPage();
      y = PAGE.margin;
    }
    w.line(section.heading, left, y, inner, { size: 14, weight: 'bold' });
    y += 26;
    doc
      .moveTo(left, y)
      .lineTo(left + inner, y)
      .lineWidth(0.75)
      .strokeColor(COLOR.line)
      .stroke();
    y += 6;
    if (section.rows.length === 0) row(section.empty, '', false);
    section.rows.forEach(([label, value], i) => row(label, value, i % 2 === 1));
  }

  // Footer on every page: when it was issued, and the page count.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fy = PAGE.height - PAGE.margin;
    doc
      .moveTo(left, fy - 8)
      .lineTo(left + inner, fy - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.line)
      .stroke();
    w.line(`${t.issued} ${printDate(content.issuedAt, content.lang)}`, at('start', inner / 2), fy, inner / 2, {
      size: 8,
      color: COLOR.muted,
    });
    w.line(t.page(i + 1, range.count), at('end', inner / 2), fy, inner / 2, { size: 8, color: COLOR.muted, align: 'end' });
  }
  doc.end();
  return done;
}
