/** Milliseconds between two author writes (GitHub asks for at least one second between mutative requests). */
export const SAVE_SPACING_MS = 1_000;
