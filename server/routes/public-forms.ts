import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { cairoDate } from '../../contract/availability.ts';
import { ZEmail, type TLang } from '../../contract/common.ts';
import { routes } from '../../contract/routes.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  clientErrors,
  contactMessageNumberSeq,
  contactMessages,
  newsletterSubscribers,
  pageViews,
  services,
} from '../db/schema.ts';
import { AppError } from '../domain/app-error.ts';
import { registerRoute } from '../http/register.ts';
import { LIMITS } from '../../contract/limits.ts';

/** Per client IP and minute, at RATE_LIMIT_FACTOR 1: the descriptors' rules (contract/limits.ts, decision 037). */
export const PUBLIC_FORM_LIMITS = {
  newsletterSubscribe: LIMITS.newsletterSubscribe.perAddress,
  contactMessage: LIMITS.contactMessage.perAddress,
  clientErrorReport: LIMITS.clientErrorReport.perAddress,
  pageTime: LIMITS.pageTime.perAddress,
} as const;

/** The interface language the client sends (`accept-language: ar|en`), if it is one of ours. */
const langOf = (req: FastifyRequest): TLang | null => {
  const l = req.headers['accept-language']?.slice(0, 2).toLowerCase();
  return l === 'ar' || l === 'en' ? l : null;
};

/**
 * Public forms and reports, no sign-in: newsletter and contact message (spec section 3), error reports and time
 * on page (spec section 4 "Error boundary"). Each route has its own rate limit per client IP.
 */
export async function publicFormsRoutes(app: FastifyInstance, db: Db): Promise<void> {
  registerRoute(
    app,
    routes.newsletterSubscribe,
    async ({ body }) => {
      const email = body.email.trim().toLowerCase();
      // Spec section 8: ValidationError is an invalid e-mail, VALIDATION_ERROR one already subscribed.
      if (!ZEmail.safeParse(email).success) {
        throw new AppError('ValidationError', 'The e-mail address is not valid', { fieldErrors: { email: ['invalid_email'] } });
      }
      try {
        await db.insert(newsletterSubscribers).values({ email });
      } catch (err) {
        // The unique index decides, so two simultaneous subscriptions of one address give one row and one 409.
        if (isUniqueViolation(err, 'newsletter_subscribers_email_uq')) {
          throw new AppError('VALIDATION_ERROR', 'This e-mail address is already subscribed', {
            fieldErrors: { email: ['already_subscribed'] },
          });
        }
        throw err;
      }
      return { subscribed: true as const };
    },
    {
      bodyLimit: 4096,
    },
  );

  registerRoute(
    app,
    routes.contactMessage,
    async ({ body }, req) => {
      if (body.serviceSlug !== undefined) {
        const found = await db
          .select({ id: services.id })
          .from(services)
          .where(eq(services.serviceSlug, body.serviceSlug))
          .limit(1);
        if (found.length === 0) {
          throw new AppError('INVALID_INPUT', 'Unknown service', { fieldErrors: { serviceSlug: ['unknown_service'] } });
        }
      }
      // CM-<year in Cairo>-<number from the sequence, at least 6 digits>: taken and stored in one statement.
      const prefix = `CM-${cairoDate(new Date()).slice(0, 4)}-`;
      const seq = sql.raw(`'"${contactMessageNumberSeq.seqName}"'`);
      const [row] = await db
        .insert(contactMessages)
        .values({
          referenceNumber: sql`(select ${prefix}::text || lpad(n::text, greatest(6, length(n::text)), '0') from (select nextval(${seq}) as n) s)`,
          fullName: body.fullName,
          email: body.email,
          messageType: body.messageType,
          serviceSlug: body.serviceSlug ?? null,
          requestId: body.requestId ?? null,
          mobile: body.mobile ?? null,
          message: body.message,
          lang: langOf(req),
        })
        .returning({ referenceNumber: contactMessages.referenceNumber });
      if (!row) throw new Error('contact message insert returned no row');
      return { referenceNumber: row.referenceNumber };
    },
    {
      bodyLimit: 32_768,
    },
  );

  registerRoute(
    app,
    routes.clientErrorReport,
    async ({ body }) => {
      await db.insert(clientErrors).values({
        message: body.message,
        stack: body.stack ?? null,
        pageUrl: body.pageUrl,
        userId: body.userId ?? null,
        userSlug: body.userSlug ?? null,
        lang: body.lang ?? null,
        userAgent: body.userAgent ?? null,
        occurredAt: new Date(body.occurredAt),
      });
      return { received: true as const };
    },
    {
      bodyLimit: 65_536,
    },
  );

  // navigator.sendBeacon posts a string body as text/plain;charset=UTF-8: in this route's scope only, a text/plain
  // body is read as JSON (invalid JSON is a 400 INVALID_INPUT). Other routes keep Fastify's text/plain parser.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, text, done) => {
      try {
        done(null, JSON.parse(text as string));
      } catch {
        done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }), undefined);
      }
    });
    registerRoute(
      scope,
      routes.pageTime,
      async ({ body }) => {
        await db
          .insert(pageViews)
          .values({ pageUrl: body.pageUrl, seconds: body.seconds, userId: body.userId ?? null, lang: body.lang ?? null });
        return { received: true as const };
      },
      { bodyLimit: 16_384 },
    );
  });
}
