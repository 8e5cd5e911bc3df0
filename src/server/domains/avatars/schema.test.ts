import { describe, expect, it } from 'vitest';
import { avatarInputSchema } from '../../../shared/avatars.ts';
import { avatarBody } from './test-support.ts';

describe('avatar schema', () => {
  it('answers the exact display name messages and normalises accessories', () => {
    const short = avatarInputSchema.safeParse(avatarBody('A'));
    expect(short.error?.issues.map((i) => i.message)).toEqual(['Display name must be at least 2 characters']);
    const long = avatarInputSchema.safeParse(avatarBody('x'.repeat(51)));
    expect(long.error?.issues.map((i) => i.message)).toEqual(['Display name must be less than 50 characters']);
    expect(avatarInputSchema.safeParse(avatarBody('x'.repeat(50))).success).toBe(true);
    // Characters, as the database counts them: one emoji is one character.
    expect(avatarInputSchema.safeParse(avatarBody('🚗')).error?.issues[0]?.message).toBe('Display name must be at least 2 characters');
    expect(avatarInputSchema.safeParse(avatarBody('🚗'.repeat(50))).success).toBe(true);
    expect(avatarInputSchema.safeParse(avatarBody('🚗'.repeat(51))).error?.issues[0]?.message).toBe('Display name must be less than 50 characters');
    const parsed = avatarInputSchema.parse({
      displayName: '  Max  ',
      style: { pack: 'cartoon', skin: 'tan', hair: 'bald', outfit: 'scrubs', accessories: ['tools', 'glasses', 'tools'] },
    });
    expect(parsed).toEqual({
      displayName: 'Max',
      style: { pack: 'cartoon', skin: 'tan', hair: 'bald', outfit: 'scrubs', accessories: ['glasses', 'tools'], theme: 'professional' },
      personality: 'friendly',
      voice: 'text',
      tipsLevel: 'basic',
    });
  });
});
