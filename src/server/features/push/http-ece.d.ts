// The decoder of the encrypted content coding (RFC 8188/8291) that web-push uses, read by the push
// tests as a browser would read a push.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer
  const ece: { decrypt: typeof decrypt }
  export default ece
}
