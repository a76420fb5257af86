/**
 * @jest-environment node
 */
import type { DomainError } from '@/lib/errors/domain-error';
import { HTTP_STATUS } from '@/lib/api/errors';
import { CLIENT_IP_HEADER } from '@/lib/http/client-ip';
import { resetEnvForTests } from '@/lib/env';
import { assertDevOutboxAccess, isLoopbackClient } from '@/lib/messaging/dev-outbox-access';

function statusFor(ip: string): number {
  try {
    assertDevOutboxAccess(new Headers({ [CLIENT_IP_HEADER]: ip }));
    return 200;
  } catch (error) {
    return HTTP_STATUS[(error as DomainError).kind];
  }
}

describe('the development outbox answers only this machine', () => {
  const saved = process.env.DEV_OUTBOX;
  afterEach(() => {
    process.env.DEV_OUTBOX = saved;
    resetEnvForTests();
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['192.168.1.20', false],
    ['10.0.0.1', false],
    ['::ffff:192.168.1.20', false],
    ['fe80::1', false],
    ['127.0.0.1.evil', false],
    ['unknown', false],
  ])('%s is loopback: %s', (ip, expected) => {
    expect(isLoopbackClient(ip)).toBe(expected);
  });

  it('refuses other machines with 403 and a message saying why, when the outbox is on', () => {
    process.env.DEV_OUTBOX = '1';
    resetEnvForTests();
    expect(statusFor('127.0.0.1')).toBe(200);
    expect(statusFor('::1')).toBe(200);
    expect(statusFor('192.168.1.20')).toBe(403);
    expect(() => assertDevOutboxAccess(new Headers({ [CLIENT_IP_HEADER]: '203.0.113.9' }))).toThrow(/only requests from this machine/);
  });

  it('is not there at all when the outbox is off', () => {
    process.env.DEV_OUTBOX = '';
    resetEnvForTests();
    expect(statusFor('127.0.0.1')).toBe(404);
  });
});
