import { create } from 'zustand';
import { readJson, session } from './storage.ts';

const KEY = 'savedSearchForms';

/** Search forms saved per page, so a list keeps its query when the user comes back (spec section 3). */
export interface SearchFormState {
  forms: Record<string, Record<string, unknown>>;
  save(page: string, values: Record<string, unknown>): void;
  clear(page?: string): void;
}

export const useSearchForms = create<SearchFormState>()((set, get) => ({
  forms: readJson<Record<string, Record<string, unknown>>>(session.get(KEY), {}),
  save(page, values) {
    const forms = { ...get().forms, [page]: values };
    session.set(KEY, JSON.stringify(forms));
    set({ forms });
  },
  clear(page) {
    const forms = { ...get().forms };
    if (page) delete forms[page];
    else for (const key of Object.keys(forms)) delete forms[key];
    session.set(KEY, JSON.stringify(forms));
    set({ forms });
  },
}));
