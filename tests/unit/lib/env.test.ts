import { parseEnv } from '@/lib/env';

describe('parseEnv', () => {
  it('applies defaults for an empty environment', () => {
    const env = parseEnv({} as NodeJS.ProcessEnv);
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: '.data', TRAVEL_HOST: 'localhost', DEFAULT_TENANT: 'demo' });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('names every bad value', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', TRAVEL_HOST: 'https://x.com/' } as unknown as NodeJS.ProcessEnv)).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres[\s\S]*TRAVEL_HOST: must be a bare host name/,
    );
  });
  it('treats blank values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' } as unknown as NodeJS.ProcessEnv).DATABASE_URL).toBeUndefined();
  });
});
