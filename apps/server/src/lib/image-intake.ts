import sharp from 'sharp';
import { invalid } from './errors.js';

export type StoredImageType = 'image/png' | 'image/jpeg';

export interface AcceptedImage {
  contentType: StoredImageType;
  /** The re-encoded image: these bytes, never the uploaded ones, are stored and served. */
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ImageLimits {
  /** Decoding stops before this many pixels are allocated: a small file cannot expand into gigabytes. */
  maxInputPixels: number;
  /** The stored image is scaled down to fit this side; it is never enlarged. */
  maxStoredSide: number;
}

export type ImageRefusal = { refused: 'type' } | { refused: 'dimensions'; maxPixels: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52] as const;
const JPEG_SOI = [0xff, 0xd8, 0xff] as const;

const startsWith = (bytes: Uint8Array, expected: readonly number[], offset = 0) =>
  bytes.length >= offset + expected.length && expected.every((byte, index) => bytes[offset + index] === byte);

/** The type told by the file's own first bytes; the name and declared type come from the client. */
function claimedType(bytes: Uint8Array): StoredImageType | null {
  // A PNG's first chunk is always IHDR; checking it too refuses a file that only borrowed the signature.
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, PNG_IHDR, 12)) return 'image/png';
  if (startsWith(bytes, JPEG_SOI)) return 'image/jpeg';
  return null;
}

const sharpFormat: Record<StoredImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

/**
 * Takes an uploaded image in: it must decode fully as the PNG or JPEG its bytes claim, within the
 * pixel limit; it is turned upright by its EXIF orientation, scaled to fit, and re-encoded without
 * metadata. So what we store is an image and only an image: no appended archive or script (a
 * polyglot), no camera location, no decompression bomb.
 */
export async function intakeImage(bytes: Buffer, limits: ImageLimits): Promise<AcceptedImage | ImageRefusal> {
  const contentType = claimedType(bytes);
  if (!contentType) return { refused: 'type' };
  const options = { limitInputPixels: limits.maxInputPixels, failOn: 'error' as const };
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== sharpFormat[contentType]) return { refused: 'type' };
    if (metadata.pages !== undefined && metadata.pages > 1) return { refused: 'type' };
  } catch (error) {
    return isPixelLimit(error)
      ? { refused: 'dimensions', maxPixels: limits.maxInputPixels }
      : { refused: 'type' };
  }
  try {
    const pipeline = sharp(bytes, options).rotate().resize({
      width: limits.maxStoredSide,
      height: limits.maxStoredSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      contentType === 'image/png'
        ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
        : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { contentType, bytes: data, width: info.width, height: info.height };
  } catch (error) {
    return isPixelLimit(error)
      ? { refused: 'dimensions', maxPixels: limits.maxInputPixels }
      : { refused: 'type' };
  }
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** Sized for a photo of a bank slip or a face: a 48-megapixel phone camera fits; a bomb does not. */
export const UPLOAD_IMAGE_LIMITS: ImageLimits = { maxInputPixels: 50_000_000, maxStoredSide: 2048 };

/** intakeImage for a form field: the accepted image, or the field's clear validation error. */
export async function acceptUploadedImage(
  bytes: Buffer,
  field: string,
  limits: ImageLimits = UPLOAD_IMAGE_LIMITS,
): Promise<AcceptedImage> {
  const result = await intakeImage(bytes, limits);
  if ('bytes' in result) return result;
  if (result.refused === 'dimensions') {
    throw invalid([
      {
        path: field,
        message: 'validation.imageDimensions',
        params: { maxMegapixels: Math.floor(result.maxPixels / 1_000_000) },
      },
    ]);
  }
  throw invalid([{ path: field, message: 'validation.imageType', params: { types: 'png, jpg' } }]);
}
