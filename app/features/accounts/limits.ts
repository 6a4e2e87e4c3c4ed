/** Password length limits, zod-free so that forms can show them without shipping Zod to the browser. */
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;
