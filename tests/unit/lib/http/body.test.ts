import http from 'node:http';
import { serveOverAdapter } from './hono-server';
import { Hono } from 'hono';
import { readBody } from '@/lib/http/body';
import { jsonResponse } from '@/lib/http/json';
import { toErrorResponse } from '@/lib/api/endpoint';

/**
 * Request bodies and JSON answers through the same adapter as server.ts
 * (@hono/node-server over a real socket): a body with a declared length is read
 * whole, one without (chunked) is read as a stream and refused once it passes
 * the limit, and a JSON answer is the serialised data with its content type.
 */

const LIMIT = 64;

const app = new Hono()
  .post('/echo', async (c) => {
    const body = await readBody(c.req.raw, LIMIT);
    return jsonResponse({ bytes: body.length, text: body.toString('utf8') }, { status: 201, headers: { 'x-read': 'yes' } });
  })
  .onError((error) => toErrorResponse(error));

const served = serveOverAdapter(app.fetch);

/** A raw HTTP/1.1 exchange: `chunks` are written one after another, each after `gapMs`. */
function post(
  headers: Record<string, string>,
  chunks: string[],
  gapMs = 0,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; written: number }> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = http.request(`${served.origin()}/echo`, { method: 'POST', headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, body, written });
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    void (async () => {
      for (const chunk of chunks) {
        if (answered) return;
        req.write(chunk);
        written += Buffer.byteLength(chunk);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      if (!answered) req.end();
    })();
  });
}

test('a body with a declared length is read whole and the JSON answer keeps its status, headers and content type', async () => {
  const text = '{"pickup":"Chennai, சென்னை"}';
  const res = await post({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }, [text]);
  expect(res.status).toBe(201);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.headers['x-read']).toBe('yes');
  expect(JSON.parse(res.body)).toEqual({ bytes: Buffer.byteLength(text), text });
});

test('a declared length over the limit is refused with 413 before the body is read', async () => {
  const res = await post({ 'content-length': String(LIMIT + 1) }, ['x'.repeat(LIMIT + 1)]);
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body).error.message).toMatch(/64/);
});

test('a chunked body is read as it comes and refused with 413 once it passes the limit, long before it ends', async () => {
  const small = await post({ 'transfer-encoding': 'chunked' }, ['{"a":', '1}']);
  expect(small.status).toBe(201);
  expect(JSON.parse(small.body)).toEqual({ bytes: 7, text: '{"a":1}' });

  // 200 chunks of 16 bytes offered, one every 5 ms: the answer comes once the limit (64) is passed
  const flood = await post(
    { 'transfer-encoding': 'chunked' },
    Array.from({ length: 200 }, () => 'y'.repeat(16)),
    5,
  );
  expect(flood.status).toBe(413);
  expect(flood.written).toBeLessThan(200 * 16);
});
