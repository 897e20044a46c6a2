import { useCallback, useEffect, useState } from 'react';
import {
  fetchGrid,
  fetchTermWeeks,
  fetchTerms,
  fetchTimetable,
  fetchWeekOfDate,
  targetKey,
  type TermOption,
  type TimetableData,
  type TimetableGrid,
  type TimetableTarget,
} from '../../api/timetable.ts';

/** The term marked current (DQXQ = '1'), else the first one. */
export function currentTerm(terms: readonly TermOption[]): TermOption | undefined {
  return terms.find((t) => String(t.DQXQ) === '1') ?? terms[0];
}

/** Step 3 of spec section 4: the current week when above 0 (and within the term), otherwise week 1. */
export function initialWeek(zs: number, dqzs: number): number | null {
  if (zs < 1) return null;
  return dqzs > 0 && dqzs <= zs ? dqzs : 1;
}

/** Weeks 1 to zs. */
export function weekNumbers(zs: number): number[] {
  return Array.from({ length: Math.max(0, zs) }, (_, i) => i + 1);
}

export interface TimetableState {
  terms: TermOption[];
  /** The selected term (D_ID_). */
  xnxq: string;
  /** Total weeks of the selected term; 0 until loaded. */
  zs: number;
  /** The selected week, null while none is chosen. */
  week: number | null;
  grid: TimetableGrid | null;
  data: TimetableData | null;
  /** The cells are loading. */
  loading: boolean;
  /** Something failed to load (the request client has shown its message). */
  failed: boolean;
}

const initialState: TimetableState = { terms: [], xnxq: '', zs: 0, week: null, grid: null, data: null, loading: false, failed: false };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface UseTimetableOptions {
  target: TimetableTarget | null | undefined;
  /** A date (YYYY-MM-DD): in the current term its week is selected instead of the current week. */
  date?: string;
}

/**
 * The four steps of spec section 4:
 * 1. load the terms and select the one with DQXQ = 1;
 * 2. load its weeks (1 to zs);
 * 3. select the current week dqzs if above 0, otherwise week 1 (or the week of `date`, in the current term);
 * 4. load the period / week-day grid, then the cells.
 * Changing the term clears the week and reloads the weeks; changing the term or the week reloads the
 * cells; the cells are asked for only when both a term and a week are set.
 */
export function useTimetable({ target, date }: UseTimetableOptions) {
  const [state, setState] = useState<TimetableState>(initialState);
  const key = targetKey(target);
  const current = currentTerm(state.terms)?.D_ID_ ?? '';
  const dateInTerm = date && state.xnxq && state.xnxq === current ? date : '';

  // 1. Terms.
  useEffect(() => {
    const controller = new AbortController();
    fetchTerms(controller.signal)
      .then((terms) => setState((s) => ({ ...s, terms, xnxq: s.xnxq || (currentTerm(terms)?.D_ID_ ?? '') })))
      .catch((error) => {
        if (!isAbort(error)) setState((s) => ({ ...s, failed: true }));
      });
    return () => controller.abort();
  }, []);

  // A new date belongs to the current term: go back to it when another term is selected.
  useEffect(() => {
    if (!date || !current) return;
    setState((s) => (s.xnxq === current ? s : { ...s, xnxq: current, zs: 0, week: null, data: null }));
  }, [date, current]);

  // 4a. The grid (periods and week days) does not depend on the term.
  useEffect(() => {
    const controller = new AbortController();
    fetchGrid(controller.signal)
      .then((grid) => setState((s) => ({ ...s, grid })))
      .catch((error) => {
        if (!isAbort(error)) setState((s) => ({ ...s, failed: true }));
      });
    return () => controller.abort();
  }, []);

  // 2 and 3. The weeks of the selected term, then the week to show.
  useEffect(() => {
    if (!state.xnxq) return;
    const controller = new AbortController();
    const xnxq = state.xnxq;
    (async () => {
      const { zs, dqzs } = await fetchTermWeeks(xnxq, controller.signal);
      let week = initialWeek(zs, dqzs);
      if (dateInTerm && zs > 0) {
        const ofDate = await fetchWeekOfDate(dateInTerm, controller.signal);
        if (ofDate >= 1 && ofDate <= zs) week = ofDate;
      }
      if (!controller.signal.aborted) setState((s) => (s.xnxq === xnxq ? { ...s, zs, week } : s));
    })().catch((error) => {
      if (!isAbort(error)) setState((s) => ({ ...s, failed: true }));
    });
    return () => controller.abort();
  }, [state.xnxq, dateInTerm]);

  // 4b. The cells, once the grid, a term and a week are there.
  const gridReady = !!state.grid;
  useEffect(() => {
    if (!target || !key || !state.xnxq || !state.week || !gridReady) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, data: null }));
    fetchTimetable(target, state.xnxq, state.week, controller.signal)
      .then((data) => setState((s) => ({ ...s, data, loading: false })))
      .catch((error) => {
        if (!isAbort(error)) setState((s) => ({ ...s, loading: false, failed: true }));
      });
    return () => controller.abort();
    // The target is identified by its key; a new object with the same id asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, state.xnxq, state.week, gridReady]);

  /** Another term: the week is cleared and the weeks reload (which choose the week again). */
  const setTerm = useCallback((xnxq: string) => {
    setState((s) => (s.xnxq === xnxq ? s : { ...s, xnxq, zs: 0, week: null, data: null }));
  }, []);

  const setWeek = useCallback((week: number) => {
    setState((s) => (s.week === week || week < 1 || (s.zs > 0 && week > s.zs) ? s : { ...s, week }));
  }, []);

  return { ...state, currentTerm: current, setTerm, setWeek };
}
