import { Signer, type UnsignResult } from '@fastify/cookie';
import { MemoryCache, stringBytes } from '../lib/memory-cache.ts';

/**
 * The session cookie's signer, remembering the verdict for cookies it has checked: a signed-in
 * client sends the same cookie with every request, and checking its HMAC again each time was a
 * visible share of a small request. The verdict of a given cookie under a given secret never
 * changes, so remembering it is safe; the memory is bounded.
 */
export class CachedSigner {
  private readonly signer: Signer;
  private readonly verdicts: MemoryCache<UnsignResult>;

  constructor(
    secret: string,
    maxEntries = 10_000,
  ) {
    if (secret.length < 32) throw new Error('The session secret must be at least 32 characters');
    this.signer = new Signer(secret);
    // A cookie and its verdict (the unsigned id) are a few hundred bytes: about 4 MB when full.
    this.verdicts = new MemoryCache({ maxBytes: 4 * 1024 * 1024, maxEntries, ttlMs: Infinity });
  }

  sign(value: string): string {
    return this.signer.sign(value);
  }

  unsign(signedValue: string): UnsignResult {
    const known = this.verdicts.get(signedValue);
    if (known) return known;
    const verdict = Object.freeze(this.signer.unsign(signedValue));
    // Only valid cookies recur; remembering forged ones would let garbage fill the memory.
    if (verdict.valid) this.verdicts.set(signedValue, verdict, stringBytes(verdict.value ?? '') + 64);
    return verdict;
  }
}
