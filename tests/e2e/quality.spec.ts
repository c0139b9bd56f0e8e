import { axeViolations, expect, test } from './fixtures.ts';
import { createCitizen, tr } from './support/auth.ts';
import { fromMailbox } from './support/mailbox.ts';
import { QualityScreen } from './pages/quality.ts';
import { LANDSCAPE, PORTRAIT, STAFF, StaffDesk } from './pages/staff.ts';
import { Citizen } from './pages/tracking.ts';

/*
 * Service quality management (issue 26 part 1, decision 066), in the employee build on a tablet (820 px upright,
 * 1180 px on its side), Arabic and English, axe clean: a citizen rates a resolved request one star with a comment,
 * the follow-up appears for the service-quality manager, who replies; the citizen reads the reply in the app and
 * gets it by SMS (the outbox, read through the developer mailbox). A contact-form message is answered by e-mail and
 * closed.
 */

test.describe.configure({ timeout: 180_000 });

test('a one-star rating with a comment opens a follow-up; the reply reaches the citizen', async ({ page, browser, lang }) => {
  const account = await createCitizen(page.request);
  const citizen = new Citizen(page, lang);
  await citizen.signIn(account.username);
  const r = await citizen.fileFault();

  // The employee resolves it.
  const desk = await StaffDesk.open(browser, lang, STAFF.employee);
  await desk.page.setViewportSize(PORTRAIT);
  await desk.openRequest(r);
  await desk.changeStatus('in_progress');
  await desk.changeStatus('resolved');

  // The citizen rates it one star of three, with a comment.
  const comment = lang === 'ar' ? 'انتظرت الفني ثلاثة أيام' : 'I waited three days for the technician';
  await page.goto(`/services/FAULTS_COMPLAINTS/entries/${r.id}/rate?lang=${lang}`);
  await page.getByRole('radio').first().check();
  await page.getByLabel(lang === 'ar' ? 'تعليقك' : 'Your comment').fill(comment);
  await page.getByRole('button', { name: tr(lang, 'Send'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: tr(lang, 'Sent. Thank you.') })).toBeVisible();

  // The follow-up is on the manager's screen, with the comment.
  const manager = await StaffDesk.open(browser, lang, STAFF.manager);
  await manager.page.setViewportSize(PORTRAIT);
  const quality = new QualityScreen(manager.page, lang);
  await quality.open();
  const card = quality.followUp(r.id);
  await expect(card).toHaveAttribute('data-status', 'open');
  await expect(card).toContainText(comment);
  expect(await axeViolations(manager.page)).toEqual([]);

  const reply =
    lang === 'ar' ? 'نعتذر عن التأخير، سيتصل بك المشرف اليوم' : 'We are sorry for the delay; the supervisor will call you today';
  await card.getByLabel(tr(lang, 'Reply to the citizen')).fill(reply);
  await quality.button(card, 'Send the reply').click();
  await expect(card).toHaveAttribute('data-status', 'contacted');
  await expect(card).toContainText(reply);
  await quality.button(card, 'Mark as resolved').click();
  await expect(card).toHaveAttribute('data-status', 'resolved');

  // The figures, on the tablet on its side.
  await manager.page.setViewportSize(LANDSCAPE);
  await quality.tab('Ratings');
  await expect(manager.page.getByTestId('quality-ratings')).toBeVisible();
  expect(await axeViolations(manager.page)).toEqual([]);
  await quality.tab('SLA breaches');
  await expect(manager.page.getByTestId('quality-breaches')).toBeVisible();
  expect(await axeViolations(manager.page)).toEqual([]);

  // The citizen reads the reply in the app, and got it by SMS.
  await page.goto(`/notifications?lang=${lang}`);
  await expect(page.getByRole('main')).toContainText(reply);
  expect(await fromMailbox(page.request, account.mobile, /((?:نعتذر|We are sorry)[^\n]*)/)).toContain(
    lang === 'ar' ? 'نعتذر عن التأخير' : 'We are sorry',
  );
});

test('a contact message is assigned, answered by e-mail and closed', async ({ page, browser, lang }) => {
  const email = `contact-${Date.now().toString(36)}-${lang}@example.com`;
  const sent = await page.request.post('/api/contactMessages', {
    headers: { 'x-csrf-token': 'anonymous' },
    data: { fullName: 'Salma Adel', email, messageType: 'suggestion', message: 'Please add the meter reading reminder by SMS.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { referenceNumber } = (await sent.json()) as { referenceNumber: string };

  const manager = await StaffDesk.open(browser, lang, STAFF.manager);
  await manager.page.setViewportSize(LANDSCAPE);
  const quality = new QualityScreen(manager.page, lang);
  await quality.open();
  await quality.tab('Contact messages');
  const card = quality.contactMessage(referenceNumber);
  await expect(card).toHaveAttribute('data-status', 'open');
  await card.getByLabel(tr(lang, 'Assigned to')).selectOption({ label: STAFF.manager.fullName });
  await expect(card.getByLabel(tr(lang, 'Assigned to'))).toHaveValue('demo-manager');
  expect(await axeViolations(manager.page)).toEqual([]);

  const answer = lang === 'ar' ? 'شكرًا لاقتراحك، سنضيف التذكير قريبًا' : 'Thank you: the reminder is coming soon';
  await card.getByLabel(tr(lang, 'Your answer')).fill(answer);
  await quality.button(card, 'Send the answer').click();
  await expect(card).toHaveAttribute('data-status', 'answered');
  expect(await fromMailbox(page.request, email, new RegExp(`(${referenceNumber})`))).toBe(referenceNumber);
  await quality.button(card, 'Close the message').click();
  await expect(card).toHaveAttribute('data-status', 'closed');
  await manager.page.setViewportSize(PORTRAIT);
  expect(await axeViolations(manager.page)).toEqual([]);
});
