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

describe('SMTP_URL and MAIL_FROM', () => {
  it('accepts an smtp(s) URL with a sender, and neither', () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    const env = loadEnv({ SMTP_URL: 'smtps://user:secret@mail.example:465', MAIL_FROM: 'VinTech <no-reply@vintech.example>' });
    expect(env.SMTP_URL).toBe('smtps://user:secret@mail.example:465');
    expect(loadEnv({ SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'no-reply@vintech.example' }).MAIL_FROM).toBe('no-reply@vintech.example');
  });

  it('refuses another scheme, a bad sender, or a server without a sender', () => {
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.example' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadEnv({ SMTP_URL: 'smtp://mail.example', MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM must be an e-mail address/);
    expect(() => loadEnv({ SMTP_URL: 'smtp://mail.example' })).toThrow(/MAIL_FROM is required when SMTP_URL is set/);
  });
});

describe('API_TOKEN_RATE_LIMIT', () => {
  it('is 600 a minute unless set to a whole number from 1 to 10,000,000', () => {
    expect(loadEnv({}).API_TOKEN_RATE_LIMIT).toBe(600);
    expect(loadEnv({ API_TOKEN_RATE_LIMIT: '' }).API_TOKEN_RATE_LIMIT).toBe(600);
    expect(loadEnv({ API_TOKEN_RATE_LIMIT: ' 1200 ' }).API_TOKEN_RATE_LIMIT).toBe(1200);
    expect(loadEnv({ API_TOKEN_RATE_LIMIT: '10000000' }).API_TOKEN_RATE_LIMIT).toBe(10_000_000);
  });

  it('refuses anything else with a clear message', () => {
    for (const value of ['0', '-5', '1.5', 'many', '10000001']) {
      expect(() => loadEnv({ API_TOKEN_RATE_LIMIT: value }), value).toThrow(/API_TOKEN_RATE_LIMIT must be/);
    }
  });
});
