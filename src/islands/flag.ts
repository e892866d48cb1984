// Flag images for islands (which must not bundle the whole country list): our own SVGs, served from
// /flags/<code>.svg (src/pages/flags/[code].svg.ts). The build writes '' for codes it does not know,
// and those get the neutral flag.
export const UNKNOWN_FLAG = '/flags/xx.svg';

export function flagSrc(code: string | null | undefined): string {
  return code && /^[A-Za-z]{2}$/.test(code) ? `/flags/${code.toLowerCase()}.svg` : UNKNOWN_FLAG;
}
