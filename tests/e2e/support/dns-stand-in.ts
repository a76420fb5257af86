import dgram from 'node:dgram';

/**
 * A small authoritative DNS server on loopback for tests (RFC 1035 over UDP):
 * answers TXT questions from a table, NXDOMAIN for `nxdomain`, an empty answer
 * (NODATA) for `nodata`, and nothing at all for `silent` (the resolver times out).
 * Names not in the table answer NXDOMAIN. Used by jest (tests/unit/lib/hosting) and by
 * Playwright against the server started with DNS_SERVERS pointing here.
 */
export type Answer = { txt: readonly (readonly string[])[] } | 'nxdomain' | 'nodata' | 'silent';

export type DnsStandIn = { port: number; zone: Map<string, Answer>; queries: string[]; close: () => Promise<void> };

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i] !== 0) {
    const len = msg[i];
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

function txtRdata(strings: readonly string[]): Buffer {
  return Buffer.concat(strings.map((s) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)])));
}

function respond(query: Buffer, zone: Map<string, Answer>, log: string[]): Buffer | undefined {
  if (query.length < 12) return undefined;
  const { name, end } = readName(query, 12);
  const qtype = query.readUInt16BE(end);
  log.push(name);
  const answer = zone.get(name) ?? 'nxdomain';
  if (answer === 'silent') return undefined;
  const question = query.subarray(12, end + 4);
  const records = typeof answer === 'object' && qtype === 16 ? answer.txt : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const rd = query[2] & 0x01;
  header[2] = 0x84 | rd; // QR, AA, RD as asked
  header[3] = 0x80 | (answer === 'nxdomain' ? 3 : 0); // RA, RCODE
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const rrs = records.map((strings) => {
    const rdata = txtRdata(strings);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // name: pointer to the question
    rr.writeUInt16BE(16, 2); // TXT
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  return Buffer.concat([header, question, ...rrs]);
}

export function startDnsStandIn(port: number): Promise<DnsStandIn> {
  const zone = new Map<string, Answer>();
  const queries: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const reply = respond(msg, zone, queries);
    if (reply) socket.send(reply, rinfo.port, rinfo.address);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve({ port, zone, queries, close: () => new Promise<void>((done) => socket.close(() => done())) }));
  });
}
