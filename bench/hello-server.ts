import Fastify from 'fastify';

// The baseline: the same framework answering a constant, no database, no sessions.
const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
app.get('/hello', async () => ({ hello: 'world' }));

// A second reference: the exact bytes of one of VinTech's answers, stored by the bench, sent as
// JSON with nothing else to do. The gap between this and the baseline is the payload's own cost.
const bodies = new Map<string, string>();
app.put('/same/:slot', async (req, reply) => {
  bodies.set((req.params as { slot: string }).slot, String(req.body));
  return reply.code(204).send();
});
app.get('/same/:slot', async (req, reply) => {
  const body = bodies.get((req.params as { slot: string }).slot);
  return body === undefined ? reply.code(404).send() : reply.type('application/json; charset=utf-8').send(body);
});

await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
