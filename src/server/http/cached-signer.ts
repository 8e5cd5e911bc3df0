import { Signer, type UnsignResult } from '@fastify/cookie';

/**
 * The session cookie's signer, remembering the verdict for cookies it has checked: a signed-in
 * client sends the same cookie with every request, and checking its HMAC again each time was a
 * visible share of a small request. The verdict of a given cookie under a given secret never
 * changes, so remembering it is safe; the memory is bounded.
 */
export class CachedSigner {
  private readonly signer: Signer;
  private readonly verdicts = new Map<string, UnsignResult>();

  constructor(
    secret: string,
    private readonly maxEntries = 10_000,
  ) {
    if (secret.length < 32) throw new Error('The session secret must be at least 32 characters');
    this.signer = new Signer(secret);
  }

  sign(value: string): string {
    return this.signer.sign(value);
  }

  unsign(signedValue: string): UnsignResult {
    const known = this.verdicts.get(signedValue);
    if (known) return known;
    const verdict = Object.freeze(this.signer.unsign(signedValue));
    // Only valid cookies recur; remembering forged ones would let garbage fill the memory.
    if (verdict.valid) {
      if (this.verdicts.size >= this.maxEntries) this.verdicts.clear();
      this.verdicts.set(signedValue, verdict);
    }
    return verdict;
  }
}
