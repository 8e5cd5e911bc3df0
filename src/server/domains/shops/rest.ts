import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InviteCreateInput, StaffRole } from '../../../shared/shops.ts';
import type { ServiceCenterInput } from '../../../shared/service-centers.ts';
import { domainError } from '../../http/errors.ts';
import { objectBody, restRoute } from '../../http/rest.ts';

/** The path's parameters; the procedures validate them. */
function params(req: FastifyRequest): { centerId: string; userId: string; inviteId: string; code: string } {
  return req.params as { centerId: string; userId: string; inviteId: string; code: string };
}

/** Staff and invitations of a shop (docs/shops.md#paths). */
export function registerShopsRest(app: FastifyInstance): void {
  const tag = 'Shops';
  restRoute(
    app,
    { method: 'POST', url: '/api/shops', summary: 'Register a shop: a new service center whose owner is the caller', tag, auth: 'user', procedure: 'shops.register', inputFrom: 'body' },
    ({ caller, req }) => caller.shops.register(objectBody(req) as ServiceCenterInput),
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/shops/:centerId/staff', summary: "The shop's staff with their roles (any staff member; admins)", tag, auth: 'staff', procedure: 'shops.staff.list' },
    ({ caller, req }) => caller.shops.staff.list({ serviceCenterId: params(req).centerId }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/shops/:centerId/staff',
      summary: 'Invite a member (managers and owners; only owners invite owners)',
      description: 'Answers the invitation with its `code` and `link` (`/invite/<code>`): the only time the code is shown. It is single-use and expires in 7 days; with `email` and a configured mail server it is also e-mailed (`emailed`).',
      tag,
      auth: 'staff',
      procedure: 'shops.invites.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.shops.invites.create({ ...(objectBody(req) as Omit<InviteCreateInput, 'serviceCenterId'>), serviceCenterId: params(req).centerId }),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/shops/:centerId/staff/:userId',
      summary: "Change a member's role (managers and owners; only owners make or change owners; the last owner stays one)",
      tag,
      auth: 'staff',
      procedure: 'shops.staff.setRole',
      inputFrom: 'body',
    },
    ({ caller, req }) => {
      const { centerId, userId } = params(req);
      return caller.shops.staff.setRole({ ...(objectBody(req) as { role: StaffRole }), serviceCenterId: centerId, userId });
    },
  );
  restRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/shops/:centerId/staff/:userId',
      summary: 'Remove a member (managers and owners; a member may remove themselves; never the last owner)',
      tag,
      auth: 'staff',
      status: 204,
      procedure: 'shops.staff.remove',
    },
    async ({ caller, req }) => {
      const { centerId, userId } = params(req);
      await caller.shops.staff.remove({ serviceCenterId: centerId, userId });
      return undefined;
    },
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/shops/:centerId/invites', summary: 'Open invitations, without their codes (managers and owners)', tag, auth: 'staff', procedure: 'shops.invites.list' },
    ({ caller, req }) => caller.shops.invites.list({ serviceCenterId: params(req).centerId }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/shops/:centerId/invites/:inviteId', summary: 'Withdraw an open invitation (managers and owners)', tag, auth: 'staff', status: 204, procedure: 'shops.invites.revoke' },
    async ({ caller, req }) => {
      const { centerId, inviteId } = params(req);
      await caller.shops.invites.revoke({ serviceCenterId: centerId, inviteId });
      return undefined;
    },
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/invites/:code',
      summary: 'What an invitation offers (shop, city, role), or why it cannot be used',
      description: 'An open invitation answers `{state: "open", shopName, city, stateName, role, expiresAt}`; a used, expired or withdrawn one `{state, message}`; an unknown code 404.',
      tag,
      auth: 'public',
      procedure: 'shops.invites.preview',
    },
    async ({ caller, req }) => {
      const preview = await caller.shops.invites.preview({ code: params(req).code });
      if (preview.state === 'invalid') throw domainError('NOT_FOUND', preview.message);
      return preview;
    },
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/invites/:code/accept',
      summary: 'Accept an invitation: join the shop (single use; an existing member keeps a higher role); it becomes the current shop',
      tag,
      auth: 'user',
      status: 200,
      procedure: 'shops.invites.accept',
    },
    ({ caller, req }) => caller.shops.invites.accept({ code: params(req).code }),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/shops/:centerId/leave', summary: 'Leave a shop (any member except its last owner)', tag, auth: 'staff', status: 204, procedure: 'shops.leave' },
    async ({ caller, req }) => {
      await caller.shops.leave({ serviceCenterId: params(req).centerId });
      return undefined;
    },
  );
}
