// The business areas share the caller and the paged call's pieces (platform/caller.ts).
export { callerOf, pageOf, searchOf, type Caller } from '../../platform/caller.ts';

/** Characters of an item's text a bell message carries; the item itself holds the whole text. */
const PREVIEW_LENGTH = 100;

/** The start of a text for a bell message: whitespace folded, cut at 100 characters with an ellipsis. */
export function messagePreview(text: string): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  return characters.length > PREVIEW_LENGTH ? `${characters.slice(0, PREVIEW_LENGTH).join('')}…` : characters.join('');
}
