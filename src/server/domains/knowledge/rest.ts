import type { FastifyInstance } from 'fastify';
import { splitTags, type KnowledgeItemInput, type KnowledgeItemPatch, type KnowledgeSearchInput, type TipsInput } from '../../../shared/knowledge.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

const TAG = 'Knowledge';
export function registerKnowledgeRest(app: FastifyInstance): void {
  // The matching items come as a list; the total for paging rides in a header
  // (docs/knowledge.md#searching).
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/knowledge/search',
      summary: 'Search active knowledge items',
      description:
        'Filters combine with AND. `kind` picks a Knowledge Base tab (article, manual, procedure, faq); `audience` X also matches items for both; `tags` is comma-joined and any of them matches; `q` is full-text search (web-search syntax: words, "phrases", or, -word) over title and body. Most urgent first, then best match. `limit` (at most 50, default 20) and `offset` page the list; the header X-Total-Count carries the number of matches.',
      tag: TAG,
      auth: 'public',
      procedure: 'knowledge.search',
      inputFrom: 'query',
    },
    async ({ caller, req, reply }) => {
      const query = req.query as Record<string, string | string[] | undefined>;
      const input = {
        kind: queryParam(req, 'kind'),
        audience: queryParam(req, 'audience'),
        tags: splitTags(query.tags),
        priority: queryParam(req, 'priority'),
        vehicleId: queryParam(req, 'vehicleId'),
        componentId: queryParam(req, 'componentId'),
        q: queryParam(req, 'q'),
        limit: queryParam(req, 'limit'),
        offset: queryParam(req, 'offset'),
      } as KnowledgeSearchInput;
      const page = await caller.knowledge.search(input);
      reply.header('x-total-count', String(page.total));
      return page.items;
    },
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/knowledge/tips',
      summary: "The assistant's three tips for a page context and role",
      tag: TAG,
      auth: 'public',
      procedure: 'knowledge.tips',
      inputFrom: 'query',
    },
    ({ caller, req }) => {
      return caller.knowledge.tips({ pageContext: queryParam(req, 'pageContext'), role: queryParam(req, 'role') } as TipsInput);
    },
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/knowledge/:id', summary: 'One active knowledge item', tag: TAG, auth: 'public', procedure: 'knowledge.get' },
    ({ caller, req }) => caller.knowledge.get({ id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/knowledge',
      summary: 'Write a knowledge item (staff of a service center, admins)',
      tag: TAG,
      auth: 'staff',
      procedure: 'knowledge.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.knowledge.create(objectBody(req) as KnowledgeItemInput),
  );
  restRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/knowledge/:id',
      summary: 'Change fields of a knowledge item (its author while staff of a service center, admins)',
      tag: TAG,
      auth: 'staff',
      procedure: 'knowledge.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.knowledge.update({ ...(objectBody(req) as KnowledgeItemPatch), id: pathId(req) }),
  );
  restRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/knowledge/:id',
      summary: 'Take a knowledge item out of the Knowledge Base (its author while staff of a service center, admins)',
      tag: TAG,
      auth: 'staff',
      status: 204,
      procedure: 'knowledge.delete',
    },
    async ({ caller, req }) => {
      await caller.knowledge.delete({ id: pathId(req) });
      return undefined;
    },
  );
}
