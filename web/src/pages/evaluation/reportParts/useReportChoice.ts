import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportStudent, ReportStudents } from '@campus/contract';
import { fetchReportStudents, reportKeys, type ReportKind } from './reportCalls.ts';

/** Whose report is shown: the term, (staff) the class and the student, as chosen or as the server defaults them. */
export interface ReportChoice {
  /** The last answer of the students call (the previous one while a new term or class loads). */
  options: ReportStudents | undefined;
  /** The first answer is not in yet. */
  pending: boolean;
  /** A new term or class is being asked for: the student list is not known yet. */
  switching: boolean;
  failed: boolean;
  retry: () => void;
  /** Back to the server's defaults (after a refused term or class). */
  reset: () => void;
  /** Staff choose a class, then a student; a family has no classes. */
  staff: boolean;
  termId: number | null;
  classId: number | null;
  /** The students of the choice (settled answers only). */
  students: ReportStudent[];
  studentId: number | null;
  student: ReportStudent | null;
  setTerm: (termId: number) => void;
  setClass: (classId: number) => void;
  setStudent: (studentId: number) => void;
}

/**
 * The choice bar's state of both reports. The server answers the choices (terms, the classes a member of
 * staff may open, the students of the chosen class, or a family's own) and picks the defaults: the current
 * term, the first class. The student defaults to the first of the list and stays chosen while they are in it.
 */
export function useReportChoice(kind: ReportKind): ReportChoice {
  const [term, setTerm] = useState<number | null>(null);
  const [klass, setKlass] = useState<number | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const query = useQuery({
    queryKey: reportKeys.students(kind, term, klass),
    queryFn: ({ signal }) => fetchReportStudents(kind, { termId: term, classId: klass }, signal),
    placeholderData: keepPreviousData,
  });
  const options = query.data;
  const settled = !!options && !query.isPlaceholderData;
  const students = settled ? options.students : [];
  const student = students.find((one) => one.id === picked) ?? students[0] ?? null;
  return {
    options,
    pending: query.isPending,
    switching: query.isPlaceholderData,
    failed: query.isError,
    retry: () => void query.refetch(),
    reset: () => {
      setTerm(null);
      setKlass(null);
    },
    staff: (options?.classes.length ?? 0) > 0,
    termId: (settled ? options.termId : null) ?? term ?? options?.termId ?? null,
    classId: (settled ? options.classId : null) ?? klass ?? options?.classId ?? null,
    students,
    studentId: student?.id ?? null,
    student,
    // A new term keeps the class shown and a new class the term shown, rather than the server's defaults.
    setTerm: (termId) => {
      if (klass === null && options?.classId) setKlass(options.classId);
      setTerm(termId);
    },
    setClass: (classId) => {
      if (term === null && options?.termId) setTerm(options.termId);
      setKlass(classId);
    },
    setStudent: setPicked,
  };
}
