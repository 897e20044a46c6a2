import { en } from './en.ts';
import { zh } from './zh.ts';

/**
 * The texts every screen may need at any time (errors, validation, shared components), without the area
 * catalogues: the web app ships these in its first chunk and loads an area's catalogue with its screens.
 */
export const coreMessages = { zh, en } as const;
