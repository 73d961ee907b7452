import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 as lower-case hex, from an audited library rather than the browser's crypto.subtle:
 * that exists only in a secure context, and the embedded default is often opened over plain HTTP
 * on a LAN address. The library answers alike everywhere, and at once.
 */
export const sha256HexSync = (message: Uint8Array): string => bytesToHex(sha256(message));

/** The digest of a text's UTF-8 bytes. */
export const sha256Hex = async (text: string): Promise<string> => sha256HexSync(utf8ToBytes(text));
