import type { PixelCrop } from 'react-image-crop';
import { AVATAR_QUALITY, AVATAR_SIZE } from '@contract/users';

/**
 * Draws the chosen square of the image (in displayed pixels) onto a 200×200 canvas and encodes it
 * as a JPEG at quality 0.8 (spec section 5, "Avatar").
 */
export function cropToJpeg(image: HTMLImageElement, crop: PixelCrop): Promise<Blob> {
  const scaleX = image.naturalWidth / image.width;
  const scaleY = image.naturalHeight / image.height;
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas unavailable'));
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, AVATAR_SIZE, AVATAR_SIZE);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, crop.x * scaleX, crop.y * scaleY, crop.width * scaleX, crop.height * scaleY, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), 'image/jpeg', AVATAR_QUALITY),
  );
}

/** Only image files with content are worth opening; anything else is ignored. */
export function isUsableImage(file: File | undefined): file is File {
  return Boolean(file && file.size > 0 && file.type.startsWith('image/'));
}
