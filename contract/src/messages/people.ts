/** Server messages and shared rules of the people screens (issue 4), in English and Chinese (same keys). */
export const peopleEn = {} as const;

export const peopleZh: Record<keyof typeof peopleEn, string> = {};
