import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** The tests' uploads: real images, hostile files, and the multipart bodies that carry them. */

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 1x1 baseline JPEG. */
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMo' +
    'GhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAA' +
    'AAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEA' +
    'PwCTADC6v//Z',
  'base64',
);
/** A real 1x1 GIF: an image, but not a type we take. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A PNG of the given size, drawn in one colour. */
export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

/** A JPEG carrying camera metadata (an EXIF orientation and a GPS position) and the given size. */
export const cameraJpeg = (width: number, height: number, orientation: number) =>
  sharp({ create: { width, height, channels: 3, background: '#a26' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Cheap Phone 7' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '23/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '90/1 24/1 0/1',
      },
    })
    .withMetadata({ orientation })
    .toBuffer();

/** A PNG whose header claims width x height over a few bytes of data: a decompression bomb. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.from(PNG);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  // The header chunk's CRC covers its type and data (bytes 12 to 29).
  header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
  return header;
}

/** A real image with something else appended: a file that is both a PNG and an HTML page. */
export const POLYGLOT_TAIL = '<html><script>fetch("/steal?c="+document.cookie)</script></html>';
export const pngPolyglot = () => Buffer.concat([PNG, Buffer.from(POLYGLOT_TAIL)]);

export interface FilePart {
  field: string;
  /** absent: a text field, `bytes` its value */
  filename?: string;
  contentType?: string;
  bytes: Buffer;
}

/** A text field of a multipart body. */
export const textPart = (field: string, value: string): FilePart => ({ field, bytes: Buffer.from(value) });

/** A multipart/form-data body with these files and fields. */
export function multipart(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vitest-upload-boundary-7d1f';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.filename === undefined) {
      // A plain text field (a form's comment or category beside its files).
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`),
        part.bytes,
        Buffer.from('\r\n'),
      );
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with one file. */
export const multipartFile = (
  field: string,
  bytes: Buffer,
  filename = 'proof.png',
  contentType = 'image/png',
) => multipart([{ field, filename, contentType, bytes }]);

/** What a stored image decodes as: its format and size. */
export async function imageFacts(bytes: Uint8Array | null | undefined) {
  const { format, width, height } = await sharp(bytes ?? Buffer.alloc(0)).metadata();
  return { format, width, height };
}
