/** The little of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188) that test/push-service.ts uses; the package has no types. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface EceParams {
    version?: "aes128gcm" | "aesgcm";
    /** The receiver's key pair: for aes128gcm the sender's public key is read from the body's header. */
    privateKey?: ECDH;
    /** The subscription's auth secret, base64url or bytes. */
    authSecret?: string | Buffer;
    dh?: string | Buffer;
    salt?: string | Buffer;
    key?: string | Buffer;
    keyid?: string | Buffer;
    rs?: number;
    pad?: number;
  }

  const ece: {
    decrypt(buffer: Buffer, params: EceParams): Buffer;
    encrypt(buffer: Buffer, params: EceParams): Buffer;
  };
  export = ece;
}
