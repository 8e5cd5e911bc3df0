import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { CachedSigner } from './cached-signer.ts';

const SECRET = 'a-session-secret-that-is-long-enough-to-sign';

describe('CachedSigner', () => {
  it('gives the same verdicts as the plain signer, for valid, tampered and foreign cookies', () => {
    const cached = new CachedSigner(SECRET);
    const plain = new Signer(SECRET);
    const signed = cached.sign('session-id-1');
    expect(signed).toBe(plain.sign('session-id-1'));
    for (let i = 0; i < 2; i++) {
      expect(cached.unsign(signed)).toEqual(plain.unsign(signed));
      expect(cached.unsign(signed)).toMatchObject({ valid: true, value: 'session-id-1' });
      expect(cached.unsign(`${signed}x`)).toMatchObject({ valid: false, value: null });
      expect(cached.unsign(new Signer('another-secret-that-is-long-enough-too').sign('session-id-1')).valid).toBe(false);
    }
  });

  it('stays within its bound and refuses a short secret', () => {
    const cached = new CachedSigner(SECRET, 3);
    const cookies = ['a', 'b', 'c', 'd', 'e'].map((id) => cached.sign(id));
    for (const cookie of cookies) expect(cached.unsign(cookie).valid).toBe(true);
    expect((cached as unknown as { verdicts: Map<string, unknown> }).verdicts.size).toBeLessThanOrEqual(3);
    expect(() => new CachedSigner('short')).toThrow('at least 32 characters');
  });
});
