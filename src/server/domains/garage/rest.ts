import type { FastifyInstance } from 'fastify';
import type { AddToGarageInput, GarageVehiclePatch } from '../../../shared/garage.ts';
import type { CreateReminderInput, MarkReminderDoneInput, ReminderPatch } from '../../../shared/reminders.ts';
import { objectBody, pathId, queryParam, restRoute } from '../../http/rest.ts';

export function registerGarageRest(app: FastifyInstance): void {
  const tag = 'Garage';
  restRoute(app, { method: 'GET', url: '/api/garage', summary: "The signed-in user's saved vehicles", tag, auth: 'user', procedure: 'garage.list' }, ({ caller }) =>
    caller.garage.list(),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/garage', summary: 'Save an identified vehicle with a nickname and the current odometer', tag, auth: 'user', procedure: 'garage.add', inputFrom: 'body' },
    ({ caller, req }) => caller.garage.add(objectBody(req) as AddToGarageInput),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/garage/due',
      summary: 'What is due for every saved vehicle, most urgent first',
      description:
        'One entry per component and service interval: the last completed service, the next due day and mileage (whichever comes first) and the urgency: overdue (past either), due (within 7 days or 100 miles), soon (within 30 days or 500 miles) or ok. Days are counted in `timeZone` (default UTC); `vehicleId` narrows to one vehicle.',
      tag,
      auth: 'user',
      procedure: 'garage.due',
      inputFrom: 'query',
    },
    ({ caller, req }) => caller.garage.due({ timeZone: queryParam(req, 'timeZone'), vehicleId: queryParam(req, 'vehicleId') }),
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/garage/:id', summary: 'Rename a saved vehicle or update its odometer', tag, auth: 'user', procedure: 'garage.update', inputFrom: 'body' },
    ({ caller, req }) => caller.garage.update({ ...(objectBody(req) as GarageVehiclePatch), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/garage/:id', summary: 'Remove a vehicle from the garage (its records stay and return if it is saved again)', tag, auth: 'user', status: 204, procedure: 'garage.remove' },
    async ({ caller, req }) => {
      await caller.garage.remove({ id: pathId(req) });
      return undefined;
    },
  );
  registerReminderRest(app);
}

/** Custom reminders of a garage vehicle (`{vehicleId}`: the stored vehicle id, as for fuel). */
function registerReminderRest(app: FastifyInstance): void {
  const tag = 'Reminders';
  const owner = 'Owner only: a vehicle not in your garage, or another user\u2019s reminder, answers 404.';
  const schedule =
    'Due at `dueDate` and/or `dueMileage`, whichever comes first; `everyMonths` and/or `everyMiles` make it recurring (marking it done moves it on from that day and reading). Urgency as for computed items: overdue, due (within 7 days or 100 miles), soon (within 30 days or 500 miles) or ok.';
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/vehicles/:vehicleId/reminders',
      summary: "A garage vehicle's custom reminders, most urgent first",
      description: `${schedule} \`timeZone\` says which day is today (default UTC). ${owner}`,
      tag,
      auth: 'user',
      procedure: 'garage.reminders.list',
      inputFrom: 'query',
    },
    ({ caller, req }) => caller.garage.reminders.list({ vehicleId: (req.params as { vehicleId: string }).vehicleId, timeZone: queryParam(req, 'timeZone') }),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/vehicles/:vehicleId/reminders', summary: 'Add a reminder (once or recurring)', description: `${schedule} At most 50 per vehicle. ${owner}`, tag, auth: 'user', procedure: 'garage.reminders.create', inputFrom: 'body' },
    ({ caller, req }) => caller.garage.reminders.create({ ...(objectBody(req) as Omit<CreateReminderInput, 'vehicleId'>), vehicleId: (req.params as { vehicleId: string }).vehicleId } as CreateReminderInput),
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/reminders/:id', summary: 'Change a reminder (null clears a field)', description: owner, tag, auth: 'user', procedure: 'garage.reminders.update', inputFrom: 'body' },
    ({ caller, req }) => caller.garage.reminders.update({ ...(objectBody(req) as ReminderPatch), id: pathId(req) }),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/reminders/:id', summary: 'Delete a reminder', description: owner, tag, auth: 'user', status: 204, procedure: 'garage.reminders.remove' },
    async ({ caller, req }) => {
      await caller.garage.reminders.remove({ id: pathId(req) });
      return undefined;
    },
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/reminders/:id/done',
      summary: 'Mark a reminder done: a recurring one moves on, a one-time one is finished',
      description: `\`date\` (default today in \`timeZone\`) and \`mileage\` (default the garage odometer) say when it was done; the answer's \`next\` is the moved-on reminder, or null when it is finished. ${owner}`,
      tag,
      auth: 'user',
      status: 200,
      procedure: 'garage.reminders.done',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.garage.reminders.done({ ...(objectBody(req) as Omit<MarkReminderDoneInput, 'id'>), id: pathId(req) }),
  );
}
