import Fastify from 'fastify';

// The baseline: the same framework answering a constant, no database, no sessions.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
