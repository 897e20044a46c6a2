/** Server messages and shared rules of the pages screens (issue 4), in English and Chinese (same keys). */
export const pagesEn = {} as const;

export const pagesZh: Record<keyof typeof pagesEn, string> = {};
