/**
 * A reset's label reads away from the nearer edge: right of its line in the span's first half, left of it in the
 * second (a reset at the span's end had its label cut to "r").
 */
export function resetLabelSide(reset: number, from: number, to: number): 'right' | 'left' {
  return to > from && (reset - from) / (to - from) > 0.5 ? 'left' : 'right';
}
