import { createHash } from 'node:crypto';
import { bannerImageWidths, promotionImageWidths, type ContentImage } from '@platform/contract';
import sharp from 'sharp';
import type { StoredContentImage } from './content.schema.js';
import { invalid } from '../../lib/errors.js';

/** The shape every image of a kind is cut to, and the widths made of it. */
export interface ImageShape {
  aspect: readonly [number, number];
  widths: readonly number[];
}
export const BANNER_IMAGE: ImageShape = { aspect: [3, 1], widths: bannerImageWidths };
export const PROMOTION_IMAGE: ImageShape = { aspect: [12, 5], widths: promotionImageWidths };

export interface Rendition {
  width: number;
  height: number;
  bytes: Buffer;
}
export interface MadeImage {
  stored: StoredContentImage;
  renditions: Rendition[];
}

export const RENDITION_CONTENT_TYPE = 'image/webp';
/** Part of the image id: changing how renditions are made gives them new URLs, so caches never mix. */
const RENDITION_VERSION = 'webp-q80-e2-v1';
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['svg', 'png', 'jpeg', 'webp']);

export const renditionUrl = (imageId: string, width: number) =>
  `/wps/content/images/${imageId}/${width}.webp`;

/** The fallback `url`: the 1200 px rendition (or the largest below it), which any browser can show. */
export function fallbackUrl(image: StoredContentImage): string {
  const width = image.widths.filter((w) => w <= 1200).at(-1) ?? image.widths[0] ?? image.width;
  return renditionUrl(image.id, width);
}

export function presentImage(image: StoredContentImage | null): ContentImage | null {
  if (!image || image.widths.length === 0) return null;
  return {
    width: image.width,
    height: image.height,
    srcset: image.widths.map((width) => `${renditionUrl(image.id, width)} ${width}w`).join(', '),
  };
}

// The demo seeds the same art into every fresh database (tests do it many times): made once a process.
const made = new Map<string, Promise<MadeImage>>();

/**
 * Cuts an image (SVG, PNG, JPEG or WebP) to the shape, centred, and encodes a WebP per width. Never
 * enlarges a raster: widths above the source's are left out (at least the smallest is kept). Done
 * when content is added, so serving is only reading bytes.
 */
export function makeRenditions(source: Buffer, shape: ImageShape): Promise<MadeImage> {
  const imageId = createHash('sha256')
    .update(RENDITION_VERSION)
    .update(shape.aspect.join(':'))
    .update(shape.widths.join(','))
    .update(source)
    .digest('base64url')
    .slice(0, 22);
  const known = made.get(imageId);
  if (known) return known;
  const making = render(imageId, source, shape);
  made.set(imageId, making);
  // A failure is not remembered: the next try may be given a readable file.
  making.catch(() => made.delete(imageId));
  return making;
}

async function render(imageId: string, source: Buffer, shape: ImageShape): Promise<MadeImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(source, options).metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw notAnImage();
  }
  const [aspectWidth, aspectHeight] = shape.aspect;
  const vector = metadata.format === 'svg';
  const largest = Math.max(...shape.widths);
  const widths = vector
    ? [...shape.widths]
    : shape.widths.filter((width, index) => index === 0 || width <= (metadata.width ?? 0));
  const top = Math.max(...widths);
  const heightOf = (width: number) => Math.round((width * aspectHeight) / aspectWidth);
  // A vector is drawn at the size of the largest rendition, so every rendition is sharp.
  const density = vector ? Math.min(2400, Math.max(72, (72 * largest) / metadata.width)) : undefined;
  const base = await sharp(source, { ...options, ...(density ? { density } : {}) })
    .rotate()
    .resize({ width: top, height: heightOf(top), fit: 'cover', position: 'centre' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const renditions = await Promise.all(
    widths.map(async (width) => ({
      width,
      height: heightOf(width),
      bytes: await sharp(base.data, { raw: base.info })
        .resize({ width, height: heightOf(width), fit: 'fill' })
        // effort 2 of 6: a third faster than the default for a few per cent more bytes on flat art.
        .webp({ quality: 80, effort: 2 })
        .toBuffer(),
    })),
  );
  return {
    stored: { id: imageId, width: top, height: heightOf(top), widths },
    renditions,
  };
}

const notAnImage = () =>
  invalid([{ path: 'imageFile', message: 'must be an SVG, PNG, JPEG or WebP image that can be read' }]);
