declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** Decrypts an aes128gcm body; the sender's key comes from the body's header. */
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
}
