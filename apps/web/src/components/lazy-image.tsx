import { useState, type ImgHTMLAttributes } from 'react';

/** A neutral grey box, inline so a broken image never triggers another failing request. */
export const FALLBACK_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 3'%3E%3Crect width='4' height='3' fill='%23808080' fill-opacity='.2'/%3E%3C/svg%3E";

export interface LazyImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height' | 'loading'
> {
  src: string;
  alt: string;
  /** intrinsic size: reserves the box before the image arrives, so nothing jumps */
  width: number;
  height: number;
  fallbackSrc?: string;
  /** true for an image in the first screen (the first banner), which should not wait */
  eager?: boolean;
  /** the page's largest first image: fetched before anything else of lower rank */
  priority?: boolean;
}

export function LazyImage({
  src,
  alt,
  width,
  height,
  fallbackSrc = FALLBACK_IMAGE,
  eager = false,
  priority = false,
  onError,
  srcSet,
  sizes,
  ...rest
}: LazyImageProps) {
  // Remember which src failed, so a new src gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showFallback = failedSrc === src || src === '';
  return (
    <img
      {...rest}
      src={showFallback ? fallbackSrc : src}
      // A failed image must not be fetched again through its other sizes.
      srcSet={showFallback ? undefined : srcSet}
      sizes={showFallback ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={(event) => {
        if (!showFallback) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
