import { eq } from 'drizzle-orm';
import type { TService } from '../../../contract/catalog.ts';
import type { TCurrentUser } from '../../../contract/identity.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../app-error.ts';
import { loadUserType, toCurrentUser } from './accounts.ts';

/**
 * A citizen's favourite services (spec section 4 "Favourite toggle"; `tasks/runTasks` favoriteServices). The
 * client toggles a slug in the list it holds and sends the new list; the stored list becomes it, in that order,
 * without repeats. A slug new to the list must name a service (MODEL_NOT_FOUND otherwise); one already there may
 * stay even if its service has gone. Answers the current user, which replaces the cached one.
 */
export async function setFavoriteServices(
  db: Db,
  services: TService[],
  input: { userId: string; favoriteServices: string[] },
): Promise<TCurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  const wanted = [...new Set(input.favoriteServices)];
  const known = new Set(services.map((s) => s.serviceSlug));
  const unknown = wanted.filter((slug) => !known.has(slug) && !user.favoriteServices.includes(slug));
  if (unknown.length > 0) throw new AppError('MODEL_NOT_FOUND', `No service ${unknown.join(', ')}`);
  const [updated] = await db
    .update(users)
    .set({ favoriteServices: wanted, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  const type = await loadUserType(db, updated!.userSlug);
  return toCurrentUser(db, updated!, type.kind);
}
