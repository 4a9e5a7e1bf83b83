import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives a working local installation with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      admin: null,
      publicUrl: 'http://localhost:3000',
      cookieSecure: false,
    });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_LOGIN: 'admin@example.org' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_LOGIN: 'not-an-email', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_LOGIN'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ COOKIE_SECURE: 'maybe' }, 'COOKIE_SECURE'],
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN'],
  ])('stops on %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Неверные настройки запуска:\\n  ${name}: `));
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT', 'ожидается номер порта от 0 до 65535'],
    [{ IMPORT_MAX_ROWS: '-5' }, 'IMPORT_MAX_ROWS', 'ожидается целое число больше 0'],
    [{ IMPORT_PARALLEL_READS: 'two' }, 'IMPORT_PARALLEL_READS', 'ожидается целое число больше 0'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'Неверный вариант: ожидалось одно из'],
    [{ MAIL_FROM: 'x' }, 'MAIL_FROM', 'Слишком'],
  ])('says in Russian what %j should be', (env, name, message) => {
    expect(() => loadConfig(env)).toThrow(`  ${name}: ${message}`);
  });

  it('reads the admin pair and the secure-cookie flag', () => {
    const config = loadConfig({
      ADMIN_LOGIN: 'admin@example.org',
      ADMIN_PASSWORD: 'long-enough',
      COOKIE_SECURE: 'true',
    });
    expect(config.admin).toEqual({ login: 'admin@example.org', password: 'long-enough' });
    expect(config.cookieSecure).toBe(true);
  });
});
