import { createHash, randomBytes } from 'node:crypto';
import type { ApiToken, CreatedApiToken, User } from '../../../shared/auth.ts';
import type { Executor } from '../../db/index.ts';
import { findUserById } from './repository.ts';

const TOKEN_PREFIX = 'vt_';
// last_used_at is informational: refreshing it once a minute spares a write per request.
const LAST_USED_RESOLUTION_MS = 60_000;

/** Tokens are 256 random bits, so a plain SHA-256 is enough to make a leaked table useless. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const tokenColumns = ['id', 'name', 'token_prefix', 'created_at', 'last_used_at'] as const;

function toApiToken(row: { id: string; name: string; token_prefix: string; created_at: Date; last_used_at: Date | null }): ApiToken {
  return { id: row.id, name: row.name, prefix: row.token_prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

export async function createApiToken(db: Executor, userId: string, name: string): Promise<CreatedApiToken> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('api_tokens')
    .values({ user_id: userId, name, token_hash: hashToken(token), token_prefix: token.slice(0, 10) })
    .returning(tokenColumns)
    .executeTakeFirstOrThrow();
  return { ...toApiToken(row), token };
}

export async function listApiTokens(db: Executor, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(tokenColumns)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toApiToken);
}

/** False when the token is not the user's (or already revoked): the caller answers 404. */
export async function revokeApiToken(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live token of the user (at a password change). */
export async function revokeAllApiTokens(db: Executor, userId: string): Promise<void> {
  await db.updateTable('api_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** The user a bearer token stands for, or null for an unknown or revoked token. */
export async function authenticateApiToken(db: Executor, token: string): Promise<{ tokenId: string; user: User } | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'last_used_at'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const user = await findUserById(db, row.user_id);
  if (!user) return null;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
  }
  return { tokenId: row.id, user };
}
