import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor } from '../../../../tests/helpers/factories.ts';
import { DTC_FORMAT_MESSAGE } from '../../../shared/dtc.ts';

/** The trouble-code procedures over tRPC (the REST paths are in tests/api/contract.test.ts). */
describeEachDatabase('dtc procedures (docs/obd.md#lookup-and-search)', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  const trpcGet = (path: string, input: unknown) => app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}` });

  it('looks up catalogue codes and structural ones for anyone', async () => {
    const caller = callerFor(getDb(), null);
    await expect(caller.dtc.lookup({ code: 'P0171' })).resolves.toMatchObject({ code: 'P0171', title: 'System Too Lean (Bank 1)', inCatalogue: true, component: 'engine' });
    await expect(caller.dtc.lookup({ code: 'C1234' })).resolves.toMatchObject({ inCatalogue: false, structure: { system: 'Chassis', generic: false } });
    const res = await trpcGet('dtc.lookup', { code: 'u0100' });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('Lost Communication With ECM/PCM');
  });

  it('answers 400 with the format sentence for a malformed code', async () => {
    await expect(callerFor(getDb(), null).dtc.lookup({ code: 'P04' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const res = await trpcGet('dtc.lookup', { code: 'Z9999' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(DTC_FORMAT_MESSAGE);
  });

  it('searches within the bound of 50 a page', async () => {
    const caller = callerFor(getDb(), null);
    const page = await caller.dtc.search({ q: 'circuit', limit: 50 });
    expect(page.items).toHaveLength(50);
    expect(page.total).toBeGreaterThan(50);
    await expect(caller.dtc.search({ q: 'circuit', limit: 51 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.dtc.search({ q: '  ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.dtc.search({ q: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await caller.dtc.search({ q: 'wheel speed left front' })).items[0]!.code).toBe('C0035');
  });
});
