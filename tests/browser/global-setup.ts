import { buildClient, clientBuildIsStale } from '../../src/server/boot.ts';

/** Browser tests run against the production build of the client: build it once when stale. */
export default async function setup(): Promise<void> {
  if (process.env.CI || clientBuildIsStale()) await buildClient();
}
