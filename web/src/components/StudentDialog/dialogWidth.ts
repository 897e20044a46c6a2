/** Dialog width (spec sections 2 and 9): 650 px, or 810 px in English. */
export const DIALOG_WIDTH = 650;
export const DIALOG_WIDTH_EN = 810;

export function dialogWidth(language: string): number {
  return language === 'en' ? DIALOG_WIDTH_EN : DIALOG_WIDTH;
}
