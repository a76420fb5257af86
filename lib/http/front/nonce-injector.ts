import { Transform, type TransformCallback } from 'node:stream';

const NONCE_TAGS = [Buffer.from('<script'), Buffer.from('<link')];

/** Where the tag name ends if `buffer` opens a script or link tag at `at`; -1 if not; undefined when the chunk ends too early to tell. */
function opensNonceTag(buffer: Buffer, at: number): number | undefined {
  for (const tag of NONCE_TAGS) {
    const available = buffer.length - at;
    if (available <= tag.length) {
      if (buffer.subarray(at).equals(tag.subarray(0, available))) return undefined;
      continue;
    }
    if (!buffer.subarray(at, at + tag.length).equals(tag)) continue;
    const next = buffer[at + tag.length];
    // a space, '>' or '/' ends the tag name ("<scripts", "<linked" are other words)
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x0a || next === 0x09 || next === 0x0d) return at + tag.length;
  }
  return -1;
}

/**
 * Adds ` nonce="…"` to every `<script` and `<link` tag of a streamed HTML body
 * (script preloads need it too; tags may be split across chunks).
 */
export class NonceInjector extends Transform {
  private carry: Buffer = Buffer.alloc(0);
  private readonly attribute: Buffer;

  constructor(nonce: string) {
    super();
    this.attribute = Buffer.from(` nonce="${nonce}"`);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const buffer = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    const out: Buffer[] = [];
    let start = 0;
    let from = 0;
    for (;;) {
      const at = buffer.indexOf(0x3c, from);
      if (at === -1) break;
      const after = opensNonceTag(buffer, at);
      if (after === undefined) {
        // hold back what may be the start of a tag until the next chunk
        out.push(buffer.subarray(start, at));
        this.carry = Buffer.from(buffer.subarray(at));
        done(null, Buffer.concat(out));
        return;
      }
      if (after > 0) {
        out.push(buffer.subarray(start, after), this.attribute);
        start = after;
      }
      from = at + 1;
    }
    out.push(buffer.subarray(start));
    done(null, Buffer.concat(out));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.carry);
  }
}
