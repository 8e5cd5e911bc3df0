import type { FastifyInstance } from 'fastify';
import { splitTags, type KnowledgeItemInput, type KnowledgeItemPatch, type KnowledgeSearchInput, type TipsInput } from '../../../shared/knowledge.ts';
import { objectBody, pathId, restRoute } from '../../http/rest.ts';

const TAG = 'Knowledge';
type Query = Record<string, string | string[] | undefined>;

/** An empty parameter (`?priority=`) means no filter, as a blank form field would. */
function param(query: Query, key: string): string | undefined {
  const value = query[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first;
}

export function registerKnowledgeRest(app: FastifyInstance): void {
  // SPEC 7 answers the matching items as a list; the total for paging rides in a header.
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
      const query = req.query as Query;
      const input = {
        kind: param(query, 'kind'),
        audience: param(query, 'audience'),
        tags: splitTags(query.tags),
        priority: param(query, 'priority'),
        vehicleId: param(query, 'vehicleId'),
        componentId: param(query, 'componentId'),
        q: param(query, 'q'),
        limit: param(query, 'limit'),
        offset: param(query, 'offset'),
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
      const query = req.query as Query;
      return caller.knowledge.tips({ pageContext: param(query, 'pageContext'), role: param(query, 'role') } as TipsInput);
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
      summary: 'Write a knowledge item (technicians)',
      tag: TAG,
      auth: 'tech',
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
      summary: 'Change fields of a knowledge item (technicians)',
      tag: TAG,
      auth: 'tech',
      procedure: 'knowledge.update',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.knowledge.update({ ...(objectBody(req) as KnowledgeItemPatch), id: pathId(req) }),
  );
}
