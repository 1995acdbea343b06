import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';

/** WCAG AA: normal text needs 4.5:1; large text and the edges of controls need 3:1. */
export const TEXT_CONTRAST = 4.5;
export const UI_CONTRAST = 3;

/** An opaque colour: a translucent foreground laid over its (opaque) backdrop, as the browser paints it. */
export function over(foreground: string, backdrop: string): string {
  const top = decomposeColor(foreground);
  const alpha = top.type === 'rgba' ? (top.values[3] ?? 1) : 1;
  if (alpha >= 1) return foreground;
  // The theme's tokens are hex or rgb(a), so their values are red, green, blue.
  const [fr, fg, fb] = top.values;
  const [br, bg, bb] = decomposeColor(backdrop).values;
  const mix = (f: number, b: number) => Math.round(f * alpha + b * (1 - alpha));
  return recomposeColor({ type: 'rgb', values: [mix(fr, br), mix(fg, bg), mix(fb, bb)] });
}

/** The contrast ratio of text painted on a background, either of which may be translucent over `page`. */
export function contrastOf(text: string, background: string, page = '#ffffff'): number {
  const opaqueBackground = over(background, page);
  return getContrastRatio(over(text, opaqueBackground), opaqueBackground);
}
