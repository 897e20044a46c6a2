import { useEffect, useState } from 'react';
import { call } from '../../../api/client.ts';

/**
 * Loads the option lists of a people screen once (grades, campuses, dictionaries, ...) from its
 * `/options` call. Until they arrive the selects are empty; a refusal has been shown by the client.
 */
export function useScreenOptions<T>(url: string): T | null {
  const [options, setOptions] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    call<T>(url).then(
      (data) => live && setOptions(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  return options;
}
