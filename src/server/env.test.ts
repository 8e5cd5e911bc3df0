import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count or a list of proxy addresses and ranges', () => {
    const trust = (value: string | undefined) => loadEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust(undefined)).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('10.0.0.1')).toBe('10.0.0.1');
    expect(trust('10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback')).toBe('10.0.0.0/8,192.168.1.7,::1,fd00::/8,loopback');
  });

  it('refuses anything else with a clear message', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.1,,10.0.0.2', 'proxy.example', '1.5', '::1/129']) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be true, false, a hop count/);
    }
  });
});
