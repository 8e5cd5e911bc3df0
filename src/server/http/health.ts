import type { FastifyInstance } from 'fastify';
import { restRoute } from './rest.ts';

/**
 * `GET /api/health`: the app answers. The client asks it to show whether it is connected
 * (docs/screens.md#offline); it reads no database and names no one, so it stays cheap.
 */
export function registerHealth(app: FastifyInstance): void {
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/health',
      summary: 'Whether the server answers (for the connection indicator); reads nothing',
      tag: 'Service',
      auth: 'public',
    },
    async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );
}
