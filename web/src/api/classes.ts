import { useEffect, useState } from 'react';
import type { ClassOption } from '@campus/contract';
import { call } from './client.ts';

export type { ClassOption };

/** The classes the signed-in user may see (POST /api/classes/list): staff every class, families their own. */
export async function fetchClasses(signal?: AbortSignal): Promise<ClassOption[]> {
  const data = await call<ClassOption[] | null>('/api/classes/list', { json: {}, signal });
  return Array.isArray(data) ? data : [];
}

/** The class options of a drop-down, loaded once per mounted component; `loading` until they arrive. */
export function useClassOptions(): { classes: ClassOption[]; loading: boolean } {
  const [state, setState] = useState<{ classes: ClassOption[]; loading: boolean }>({ classes: [], loading: true });
  useEffect(() => {
    const controller = new AbortController();
    fetchClasses(controller.signal)
      .then((classes) => setState({ classes, loading: false }))
      .catch(() => {
        // The request client has shown the message; an aborted load is dropped.
        if (!controller.signal.aborted) setState({ classes: [], loading: false });
      });
    return () => controller.abort();
  }, []);
  return state;
}

/** Select options: the class name as the label, searchable by name or class number. */
export function classSelectOptions(classes: readonly ClassOption[]): { value: string; label: string; search: string }[] {
  return classes.map((c) => ({ value: c.code, label: c.name, search: `${c.name} ${c.code}`.toLowerCase() }));
}
