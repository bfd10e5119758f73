/** Config: the database settings of several instances (docs/deploy.md), and what production turns off. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const URL = 'postgres://crowned@pgbouncer:6432/crowned';
const DIRECT = 'postgres://crowned@postgres:5432/crowned';

describe('database settings', () => {
  it('defaults to a pool of 10 and LISTEN on DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: URL });
    expect(config.databasePoolSize).toBe(10);
    expect(config.databaseDirectUrl).toBeUndefined();
  });

  it('reads DATABASE_POOL_SIZE and DATABASE_DIRECT_URL', () => {
    const config = loadConfig({
      DATABASE_URL: URL,
      DATABASE_DIRECT_URL: DIRECT,
      DATABASE_POOL_SIZE: '4',
    });
    expect(config).toMatchObject({ databasePoolSize: 4, databaseDirectUrl: DIRECT });
  });

  it('refuses a pool size that is not a positive whole number', () => {
    for (const size of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_URL: URL, DATABASE_POOL_SIZE: size })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
    }
  });

  it('refuses DATABASE_DIRECT_URL without DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_DIRECT_URL: DIRECT })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: DIRECT })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL/,
    );
  });
});

describe('what production turns off', () => {
  const SECRET = 'a'.repeat(32);

  it('has /metrics off without METRICS_TOKEN, and on this machine only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET })).toMatchObject({
      metricsToken: undefined,
      metricsLoopback: false,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).metricsLoopback).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, METRICS_TOKEN: 'tok' }),
    ).toMatchObject({ metricsToken: 'tok', metricsLoopback: false });
  });

  it('refuses the dev outbox', () => {
    for (const value of ['1', 'true']) {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET, DEV_OUTBOX: value }),
      ).toThrow(/DEV_OUTBOX: must be off in production/);
    }
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET }).devOutbox).toBe(false);
  });
});

describe('preview image settings', () => {
  it('defaults: 60 images per address and minute, 1 to 4 workers, a queue of 16, no delay', () => {
    const config = loadConfig({});
    expect(config.previews).toMatchObject({ imagesPerMinute: 60, queue: 16, delayMs: 0 });
    expect(config.previews.workers).toBeGreaterThanOrEqual(1);
    expect(config.previews.workers).toBeLessThanOrEqual(4);
  });

  it('reads them, and refuses the test hook in production', () => {
    const config = loadConfig({
      LIMIT_PREVIEWS_PER_MINUTE: '5',
      OG_RENDER_WORKERS: '2',
      OG_RENDER_QUEUE: '0',
      OG_RENDER_DELAY_MS: '100',
    });
    expect(config.previews).toEqual({ imagesPerMinute: 5, workers: 2, queue: 0, delayMs: 100 });
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), OG_RENDER_DELAY_MS: '1' }),
    ).toThrow(/OG_RENDER_DELAY_MS/);
    expect(() => loadConfig({ OG_RENDER_WORKERS: '0' })).toThrow(ConfigError);
  });
});

describe('picture storage', () => {
  const keys = { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps pictures in the database unless S3_URL names a bucket with its keys', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_URL: 'https://s3.example.com/pics', ...keys }).s3).toEqual({
      url: 'https://s3.example.com/pics',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('refuses S3_URL without its keys or its bucket', () => {
    expect(() => loadConfig({ S3_URL: 'https://s3.example.com/pics' })).toThrow(
      /S3_ACCESS_KEY_ID: is required with S3_URL/,
    );
    expect(() => loadConfig({ S3_URL: 'https://s3.example.com/', ...keys })).toThrow(
      /S3_URL: must name the bucket/,
    );
  });
});

describe('notification settings', () => {
  it('defaults to a minute of plays per digest and a mailto: subject from MAIL_FROM', () => {
    const config = loadConfig({});
    expect(config.notifications).toMatchObject({
      batchMs: 60_000,
      perDay: 20,
      vapid: undefined,
      vapidSubject: 'mailto:no-reply@crowned.local',
    });
  });

  it('takes both VAPID keys or neither, and a mailto: or https: subject', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(ConfigError);
    const config = loadConfig({
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      NOTIFY_RETRY_SCHEDULE_MS: '100,200',
    });
    expect(config.notifications.vapid).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    expect(config.notifications.retryScheduleMs).toEqual([100, 200]);
  });
});
