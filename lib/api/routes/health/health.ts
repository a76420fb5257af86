import { jsonResponse } from '@/lib/http/json';

/** Liveness: the process answers HTTP (no database round trip, so it stays cheap for frequent probes). */
export async function GET() {
  return jsonResponse({ status: 'ok' });
}
