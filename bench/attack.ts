/**
 * The memory attack any account could once run: an owner fills a list with large rows, then asks
 * for it over and over with inputs that differ only in what the server ignores (unknown keys) or
 * in filters that are each valid. Every variant used to be remembered whole, until the process
 * ran out of heap. Bounded in requests and time; used by the process test and by `npm run bench`.
 */

export interface AttackOptions {
  /** Requests of each kind (batches with ignored keys; distinct valid filters). */
  requests: number;
  concurrency: number;
}

export interface AttackResult {
  sent: number;
  /** Answers by status code. */
  statuses: Record<number, number>;
  ms: number;
}

const LONG_TEXT = 'The brakes squeal when stopping at low speed and the pedal feels soft. '.repeat(70).slice(0, 4_900);

/** Signs up an owner and gives them `rows` inquiries of about 5 KB each; answers their cookie. */
export async function prepareAttacker(url: string, rows = 100): Promise<string> {
  const email = `attacker-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signUp = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'attacker password' }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const cookie = (signUp.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const serviceCenterId = await attackerShop(url, cookie);
  for (let i = 0; i < rows; i++) {
    const res = await fetch(`${url}/api/customer-inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: url },
      body: JSON.stringify({ inquiryType: 'service', subject: `Inquiry ${i} ${'x'.repeat(150)}`, description: LONG_TEXT, serviceCenterId }),
    });
    if (res.status !== 201) throw new Error(`inquiry creation answered ${res.status}: ${await res.text()}`);
  }
  return cookie;
}

/** The shop the attacker's inquiries are addressed to: an active one, else one the attacker registers. */
async function attackerShop(url: string, cookie: string): Promise<string> {
  const headers = { 'content-type': 'application/json', cookie, origin: url };
  const centers = (await (await fetch(`${url}/api/service-centers`, { headers: { cookie } })).json()) as { id: string; isActive: boolean }[];
  const active = centers.find((c) => c.isActive);
  if (active) return active.id;
  // Any signed-in account registers a shop (and becomes its owner).
  await fetch(`${url}/trpc/auth.setRole`, { method: 'POST', headers, body: JSON.stringify({ json: { role: 'tech' } }) });
  const res = await fetch(`${url}/api/service-centers`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Attack Garage ${Date.now()}`, address: '1 Main St', city: 'Springfield', state: 'IL' }),
  });
  if (res.status !== 201) throw new Error(`center creation answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

const STATUSES = [undefined, 'open', 'in_progress', 'resolved', 'closed'] as const;
const PRIORITIES = [undefined, 'low', 'medium', 'high', 'urgent'] as const;

/** The attack's URLs: batches of ten calls with a distinct ignored key each, then distinct valid filters. */
function attackUrls(requests: number): string[] {
  const urls: string[] = [];
  const paths = Array.from({ length: 10 }, () => 'inquiries.list').join(',');
  for (let i = 0; i < requests; i++) {
    const input: Record<number, unknown> = {};
    for (let call = 0; call < 10; call++) input[call] = { json: { limit: 100 }, [`ignored${i}_${call}`]: i };
    urls.push(`/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
  }
  for (let i = 0; i < requests; i++) {
    const filters = { limit: 100 - (i % 100), status: STATUSES[i % 5], priority: PRIORITIES[Math.floor(i / 5) % 5] };
    urls.push(`/trpc/inquiries.list?input=${encodeURIComponent(JSON.stringify({ json: filters }))}`);
  }
  return urls;
}

export async function runMemoryAttack(url: string, cookie: string, options: AttackOptions): Promise<AttackResult> {
  const urls = attackUrls(options.requests);
  const statuses: Record<number, number> = {};
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const path = urls[next++] as string;
      const res = await fetch(`${url}${path}`, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { sent: urls.length, statuses, ms: performance.now() - started };
}
