/** Server messages and shared rules of the operations screens (issue 4), in English and Chinese (same keys). */
export const operationsEn = {} as const;

export const operationsZh: Record<keyof typeof operationsEn, string> = {};
