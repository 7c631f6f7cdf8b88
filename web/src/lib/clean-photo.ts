// Photos leave the device without their metadata: each is drawn afresh on a canvas (orientation applied; the
// camera, place and time a phone writes into the file are left behind) and saved as a JPEG of at most
// MAX_UPLOAD_SIDE on its long side. The gateway cleans and sizes them again before anything is stored (a device
// is never trusted); this is so a photo waiting offline, and its upload, carry nothing private.

/** The longest side of a photo as it leaves the device; the server makes its own sizes from it. */
export const MAX_UPLOAD_SIDE = 2048;

/**
 * The cleaned photo. A file this browser cannot decode is returned as it is: the gateway, which reads the bytes,
 * then refuses it with the reason, and nothing of it is stored.
 */
export async function cleanPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const scale = Math.min(1, MAX_UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.86 });
}
