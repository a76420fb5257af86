import zlib from 'node:zlib';

/**
 * A cached HTML page that gets a fresh CSP nonce on every answer without being
 * rendered or compressed again: the HTML is split after each `<script` and
 * `<link` tag name, and each piece is deflated once ahead (sync-flushed, so the
 * pieces can be joined). An answer joins the pieces with ` nonce="…"` between
 * them (as raw bytes, or as stored deflate blocks inside a gzip member whose
 * CRC-32 is computed over the joined text).
 */
export type NoncedPage = {
  pieces: Buffer[];
  deflated: Buffer[];
  /** Bytes of all pieces together. */
  length: number;
};

const TAG = /<(script|link)(?=[\s>/])/g;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** An empty final block with fixed codes: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export function splitForNonce(html: string): NoncedPage {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const match of html.matchAll(TAG)) {
    const end = match.index + match[0].length;
    pieces.push(Buffer.from(html.slice(from, end)));
    from = end;
  }
  pieces.push(Buffer.from(html.slice(from)));
  const deflated = pieces.map((piece) => zlib.deflateRawSync(piece, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  return { pieces, deflated, length: pieces.reduce((sum, piece) => sum + piece.length, 0) };
}

function attributeOf(nonce: string): Buffer {
  return Buffer.from(` nonce="${nonce}"`);
}

/** The page's HTML with `nonce` on every script and link tag. */
export function renderNonced(page: NoncedPage, nonce: string): Buffer {
  const attribute = attributeOf(nonce);
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(attribute);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

/** A stored (uncompressed) deflate block holding `data` (under 64 KiB), valid at a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/** The same HTML as `renderNonced`, as one gzip member, without compressing anything at answer time. */
export function gzipNonced(page: NoncedPage, nonce: string): Buffer {
  const attribute = attributeOf(nonce);
  const stored = storedBlock(attribute);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  page.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(stored);
      crc = zlib.crc32(attribute, crc);
    }
    parts.push(page.deflated[index]);
    crc = zlib.crc32(piece, crc);
  });
  parts.push(FINAL_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((page.length + attribute.length * (page.pieces.length - 1)) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
