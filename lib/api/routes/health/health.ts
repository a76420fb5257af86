/** Liveness: the process answers HTTP (no database round trip, so it stays cheap for frequent probes). */
export async function GET() {
  return Response.json({ status: 'ok' });
}
