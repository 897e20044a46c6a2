import { useEffect, useRef, useState } from 'react';
import { isAbort } from '../../api/client.ts';

/**
 * Students found by number or name as one types (300 ms after the last key), through the screen's own
 * call, and every student seen so far by id (so a chosen one keeps its name after the next search).
 */
export function useStudentSearch<Student extends { id: number }>(search: (keyword: string, signal: AbortSignal) => Promise<Student[]>, known?: readonly Student[]) {
  const [found, setFound] = useState<Student[]>([]);
  const [names, setNames] = useState<Map<number, Student>>(() => new Map((known ?? []).map((student) => [student.id, student])));
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      search(keyword.trim(), controller.signal).then(
        (rows) => {
          setFound(rows);
          setNames((previous) => new Map([...previous, ...rows.map((row) => [row.id, row] as const)]));
          setLoading(false);
        },
        (error: unknown) => {
          if (!isAbort(error)) setLoading(false);
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer.current);
      controller.abort();
    };
    // The call is the screen's, fixed for its life; a new keyword is what searches again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyword]);

  return { found, names, loading, setKeyword };
}
