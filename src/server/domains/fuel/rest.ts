import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreateExpenseInput, CreateFuelEntryInput, ExpensePatch, FuelEntryPatch } from '../../../shared/fuel.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

function vehicleParam(req: FastifyRequest): string {
  return (req.params as { vehicleId: string }).vehicleId;
}

function paging(req: FastifyRequest) {
  return { vehicleId: vehicleParam(req), limit: queryParam(req, 'limit'), offset: queryParam(req, 'offset') } as unknown as { vehicleId: string; limit?: number; offset?: number };
}

/** Fuel, charging and expenses of a vehicle in the caller's garage (`{vehicleId}`: the stored vehicle id, as for service records). */
export function registerFuelRest(app: FastifyInstance): void {
  const tag = 'Fuel and costs';
  const owner = 'Owner only: a vehicle not in your garage (another user\u2019s, or a shop customer\u2019s) answers 404.';
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/fuel',
      summary: "A garage vehicle's fuel and charging log, newest first, with the economy of each fill",
      description: `Canonical units whatever the user's preferences: quantities in US gallons (fuel) or kWh (charge), distances in miles, prices as recorded. \`economy\` (miles per gallon or per kWh) is known between two full fills, partial fills between them included; a missed fill-up or an odometer going backwards starts over (\`note\`). \`outlier\`: beyond twice or below half the vehicle's median. \`limit\` (at most 100) and \`offset\` page; X-Total-Count carries the number of entries. ${owner}`,
      tag,
      auth: 'user',
      procedure: 'fuel.list',
      inputFrom: 'query',
    },
    async ({ caller, req, reply }) => {
      const page = await caller.fuel.list(paging(req));
      reply.header('x-total-count', String(page.total));
      return page.items;
    },
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/vehicles/:vehicleId/fuel',
      summary: 'Log a fill-up or a charge',
      description: `\`unit\` gal (US), impgal (imperial) or L (fuel, stored as US gallons) or kWh (charge); \`totalPrice\`, or \`pricePerUnit\` to have it computed. A reading above the garage odometer raises it. ${owner}`,
      tag,
      auth: 'user',
      procedure: 'fuel.create',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.fuel.create({ ...(objectBody(req) as CreateFuelEntryInput), vehicleId: vehicleParam(req) }),
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/fuel/:id', summary: 'Change a fill-up or charge (give `unit` with `quantity`)', tag, auth: 'user', procedure: 'fuel.update', inputFrom: 'body', description: owner },
    ({ caller, req }) => caller.fuel.update({ ...(objectBody(req) as FuelEntryPatch), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/fuel/:id', summary: 'Delete a fill-up or charge', tag, auth: 'user', status: 204, procedure: 'fuel.remove', description: owner },
    async ({ caller, req }) => {
      await caller.fuel.remove({ id: pathId(req) });
      return undefined;
    },
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/expenses',
      summary: "A garage vehicle's other expenses (registration, insurance, tax, parking, repair, other), newest first",
      description: `\`limit\` (at most 100) and \`offset\` page; X-Total-Count carries the number of expenses. ${owner}`,
      tag,
      auth: 'user',
      procedure: 'fuel.expenses.list',
      inputFrom: 'query',
    },
    async ({ caller, req, reply }) => {
      const page = await caller.fuel.expenses.list(paging(req));
      reply.header('x-total-count', String(page.total));
      return page.items;
    },
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/vehicles/:vehicleId/expenses', summary: 'Add an expense', tag, auth: 'user', procedure: 'fuel.expenses.create', inputFrom: 'body', description: owner },
    ({ caller, req }) => caller.fuel.expenses.create({ ...(objectBody(req) as CreateExpenseInput), vehicleId: vehicleParam(req) }),
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/expenses/:id', summary: 'Change an expense', tag, auth: 'user', procedure: 'fuel.expenses.update', inputFrom: 'body', description: owner },
    ({ caller, req }) => caller.fuel.expenses.update({ ...(objectBody(req) as ExpensePatch), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/expenses/:id', summary: 'Delete an expense', tag, auth: 'user', status: 204, procedure: 'fuel.expenses.remove', description: owner },
    async ({ caller, req }) => {
      await caller.fuel.expenses.remove({ id: pathId(req) });
      return undefined;
    },
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/costs',
      summary: "A garage vehicle's costs by month and category, year to date and per mile, its economy over time and odometer history",
      description: `Canonical units whatever the user's preferences: amounts in cents, mileages in miles, economy in miles per US gallon or per kWh. Service (completed records' cost), fuel, repair and the other expense categories; \`timeZone\` says which day is today for the year to date. ${owner}`,
      tag,
      auth: 'user',
      procedure: 'fuel.overview',
      inputFrom: 'query',
    },
    ({ caller, req }) => caller.fuel.overview({ vehicleId: vehicleParam(req), timeZone: queryParam(req, 'timeZone') }),
  );
}
