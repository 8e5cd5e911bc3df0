import type { FastifyInstance } from 'fastify';
import { avatarUpdateSchema, type AvatarInput } from '../../../shared/avatars.ts';
import { domainError } from '../../http/errors.ts';
import { objectBody, pathId, restRoute } from '../../http/rest.ts';

const TAG = 'Avatars';

/**
 * The avatar paths (docs/avatars.md#paths). Identity is the session's (or an API token's), never
 * the client's claim.
 */
export function registerAvatarsRest(app: FastifyInstance): void {
  restRoute(
    app,
    { method: 'GET', url: '/api/avatars', summary: 'Your avatars, oldest first', tag: TAG, auth: 'user', procedure: 'avatars.list' },
    ({ caller }) => caller.avatars.list(),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/avatars/active',
      summary: 'Your active avatar',
      description: '404 `{message}` when you have none: not an error for a client, just no assistant yet.',
      tag: TAG,
      auth: 'user',
      procedure: 'avatars.active',
    },
    async ({ caller }) => {
      const active = await caller.avatars.active();
      if (!active) throw domainError('NOT_FOUND', 'No active avatar');
      return active;
    },
  );
  // Bodies go to the procedures as they came: each procedure validates its input with its schema.
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/avatars',
      summary: 'Create an avatar; it becomes the active one',
      tag: TAG,
      auth: 'user',
      procedure: 'avatars.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.avatars.create(objectBody(req) as AvatarInput),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/avatars/:id',
      summary: 'Change any of name, style, personality, voice and tips level',
      description: 'Activation has its own path (PUT /api/avatars/active/{id}); isActive and userId in the body are ignored.',
      tag: TAG,
      auth: 'user',
      bodySchema: avatarUpdateSchema,
    },
    // Checked here first, so a bad field is named as the caller sent it ('displayName'), not nested.
    ({ caller, req }) => caller.avatars.update({ id: pathId(req), changes: avatarUpdateSchema.parse(objectBody(req)) }),
  );
  restRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/avatars/:id',
      summary: 'Delete an inactive avatar',
      description: '409 for the active avatar: set another one active first.',
      tag: TAG,
      auth: 'user',
      status: 204,
      procedure: 'avatars.delete',
    },
    ({ caller, req }) => caller.avatars.delete({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'PUT',
      url: '/api/avatars/active/:id',
      summary: 'Make this avatar the active one (the previous one becomes inactive)',
      tag: TAG,
      auth: 'user',
      procedure: 'avatars.setActive',
    },
    ({ caller, req }) => caller.avatars.setActive({ id: pathId(req) }),
  );
}
