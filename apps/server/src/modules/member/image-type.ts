export type AvatarContentType = 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52] as const;
const JPEG_SOI = [0xff, 0xd8, 0xff] as const;

const startsWith = (bytes: Uint8Array, expected: readonly number[], offset = 0) =>
  bytes.length >= offset + expected.length && expected.every((byte, index) => bytes[offset + index] === byte);

/**
 * The image type told by the file's own first bytes. The name and the declared type come from the
 * client and prove nothing; what we store and later serve with this type must really be that image.
 */
export function detectImageType(bytes: Uint8Array): AvatarContentType | null {
  // A PNG's first chunk is always IHDR; checking it too refuses a file that only borrowed the signature.
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, PNG_IHDR, 12)) return 'image/png';
  if (startsWith(bytes, JPEG_SOI)) return 'image/jpeg';
  return null;
}
