/**
 * Largest side of an image to embed in a PDF (the invoice's signature): pdf-lib decodes a PNG whole (a
 * 1 MB PNG can hold 100 megapixels). A module of its own: upload.server.ts (main thread) and
 * pdf-check.server.ts (the PDF pool's threads) both read it, and neither should load the other's
 * libraries (pdf-lib; sharp and the logger).
 */
export const MAX_IMAGE_SIDE = 4000;
