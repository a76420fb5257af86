import http from 'node:http';
import { serveOverAdapter } from './hono-server';
import { apiApp } from '@/lib/api/app';
import { jsonResponse } from '@/lib/http/json';
import { SECURITY_HEADERS } from '@/lib/http/security-headers.mjs';

/**
 * Every API answer carries the security headers once, over the same adapter as server.ts: a JSON answer has them in
 * its own plain headers (lib/http/json.ts), any other answer gets them from the router; a caller's own value wins.
 */

const served = serveOverAdapter(apiApp.fetch);

function get(path: string, method = 'GET'): Promise<{ status: number; raw: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${served.origin()}${path}`, { method }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, raw: res.rawHeaders }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The values a header was sent with, by name (rawHeaders keeps repeats). */
const valuesOf = (raw: string[], name: string) => raw.flatMap((value, i) => (i % 2 === 0 && value.toLowerCase() === name ? [raw[i + 1]] : []));

describe('security headers on API answers', () => {
  it.each([
    ['a JSON answer', '/api/health', 'GET', 200],
    ['a JSON error', '/api/no-such-thing', 'GET', 404],
    ['an answer made without jsonResponse', '/api/health', 'OPTIONS', 204],
  ])('%s carries each of them once', async (_, path, method, status) => {
    const answer = await get(path, method);
    expect(answer.status).toBe(status);
    for (const { key, value } of SECURITY_HEADERS) expect(valuesOf(answer.raw, key.toLowerCase())).toEqual([value]);
  });

  it('keeps a value the caller gave, and the content type', () => {
    const response = jsonResponse({ ok: true }, { headers: { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Type': 'application/problem+json' } });
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
