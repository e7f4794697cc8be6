import sharp, { type Metadata } from 'sharp';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, AVATAR_MIN_SIDE, AVATAR_SIZE, USER_MSG } from '@contract/users';
import { BadRequestError, HttpError } from './errors';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The file's real type from its first bytes; the Content-Type header is only the sender's claim. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks an uploaded avatar (type by magic bytes, size, dimensions) and re-encodes it as a
 * 200×200 JPEG. Re-encoding drops metadata (EXIF, GPS) and anything hidden after the image data.
 */
export async function normalizeAvatar(buf: Buffer): Promise<Buffer> {
  if (buf.length > AVATAR_MAX_BYTES) throw new HttpError(413, USER_MSG.avatarTooLarge);
  if (!sniffImage(buf)) throw new BadRequestError(USER_MSG.avatarNotImage);
  const limitInputPixels = AVATAR_MAX_SIDE * AVATAR_MAX_SIDE;
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels }).metadata();
  } catch {
    throw new BadRequestError(USER_MSG.avatarNotImage);
  }
  const { width = 0, height = 0 } = meta;
  const sideOk = (n: number) => n >= AVATAR_MIN_SIDE && n <= AVATAR_MAX_SIDE;
  if (!sideOk(width) || !sideOk(height)) throw new BadRequestError(USER_MSG.avatarDimensions);
  try {
    return await sharp(buf, { limitInputPixels, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new BadRequestError(USER_MSG.avatarNotImage);
  }
}
