import type { PaymentRow } from './gateways/types.ts';
import type { TLang } from '../../../contract/basics.ts';

/*
 * The sandbox gateway's hosted page (decision 027): plain server-rendered HTML, Arabic (right to left) or English,
 * no script (the app's CSP: script-src 'self'), a plain form POST. Amounts are the payment's, written by the server.
 */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXTS = {
  ar: {
    title: 'بوابة الدفع التجريبية',
    note: 'هذه بوابة تجريبية: لا تُخصم أي أموال.',
    amount: 'المبلغ',
    egp: 'جنيه',
    card: 'رقم البطاقة',
    cards: 'بطاقات الاختبار: 4242 4242 4242 4242 تنجح، 4000 0000 0000 0002 تُرفض، 4000 0000 0000 0259 تبقى قيد المعالجة.',
    code: 'رقم السداد',
    payCode: 'سداد الرقم (محاكاة منفذ فوري)',
    pay: 'ادفع',
    closed: 'لم تعد هذه العملية متاحة للدفع.',
  },
  en: {
    title: 'Sandbox payment gateway',
    note: 'This is a test gateway: no money is taken.',
    amount: 'Amount',
    egp: 'EGP',
    card: 'Card number',
    cards: 'Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 0259 stays pending.',
    code: 'Payment number',
    payCode: 'Pay this number (a pretend outlet)',
    pay: 'Pay',
    closed: 'This payment can no longer be paid.',
  },
} as const;

export function sandboxPage(p: PaymentRow, lang: TLang): string {
  const t = TEXTS[lang];
  const amount = (p.totalPiastres / 100).toFixed(2);
  const open = p.status === 'started' || p.status === 'pending';
  const form = !open
    ? `<p role="alert">${esc(t.closed)}</p>`
    : p.channel === 'card'
      ? `<form method="post" action="/api/sandbox-gateway/${esc(p.id)}">
  <input type="hidden" name="lang" value="${lang}">
  <label for="card">${esc(t.card)}</label>
  <input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" dir="ltr" required maxlength="23" style="display:block;font-size:1.1rem;padding:.5rem;margin:.5rem 0;width:100%;max-width:22rem">
  <p>${esc(t.cards)}</p>
  <button type="submit" style="font-size:1.1rem;padding:.5rem 1.5rem;min-height:44px">${esc(t.pay)}</button>
</form>`
      : `<form method="post" action="/api/sandbox-gateway/${esc(p.id)}">
  <input type="hidden" name="lang" value="${lang}">
  <input type="hidden" name="cardNumber" value="">
  <p>${esc(t.code)}: <bdi dir="ltr">${esc(p.referenceNumber ?? '')}</bdi></p>
  <button type="submit" style="font-size:1.1rem;padding:.5rem 1.5rem;min-height:44px">${esc(t.payCode)}</button>
</form>`;
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(t.title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.6">
<main>
<h1>${esc(t.title)}</h1>
<p>${esc(t.note)}</p>
<p>${esc(t.amount)}: <bdi dir="ltr">${amount}</bdi> ${esc(t.egp)}</p>
${form}
</main>
</body>
</html>`;
}
