import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportStudent } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { downloadReportPdf, fetchQualityReport, reportFileName, reportKeys } from '../reportParts/reportCalls.ts';
import { ReportFailed, ReportFrame, ReportLoading, ReportStudentHead } from '../reportParts/ReportFrame.tsx';
import { useReportChoice } from '../reportParts/useReportChoice.ts';
import { AwardsSection, ConductSection, EvaluationsSection, ScoresSection } from './qualitySections.tsx';
import './qualityReport.css';

/** The chosen student's report of the term: the header with the PDF, then the four sections. */
function QualityReportView({ student, termId, phone }: { student: ReportStudent; termId: number | null; phone: boolean }) {
  const { t, i18n } = useTranslation();
  const report = useQuery({
    queryKey: reportKeys.report('quality', student.id, termId),
    queryFn: ({ signal }) => fetchQualityReport(student.id, termId, signal),
  });
  if (report.isPending) return <ReportLoading testId="quality-loading" />;
  if (report.isError) return <ReportFailed title={t('qualityReportPage.loadFailed')} onRetry={() => void report.refetch()} testId="quality-retry" />;
  const data = report.data;
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const pdf = () => downloadReportPdf('quality', data.student.id, data.term.id || termId, lang, reportFileName(data.student.name, data.term.name, t('qualityReportPage.fileTitle')));
  return (
    <>
      <ReportStudentHead student={data.student} term={data.term} onPdf={pdf} />
      <div className="report-sections">
        <EvaluationsSection evaluations={data.evaluations} />
        <AwardsSection awards={data.awards} phone={phone} />
        <ConductSection conduct={data.conduct} phone={phone} />
        <ScoresSection batches={data.scores} phone={phone} />
      </div>
    </>
  );
}

/**
 * Comprehensive quality report (/xspj/zhszbg): a student's term as one report: the released end-of-term evaluations, the awards,
 * the conduct records and the released scores, with its PDF. A student reads their own, a parent a child's,
 * a class teacher (or the office) a student of a class they choose.
 */
export default function QualityReportPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const choice = useReportChoice('quality');
  return (
    <ReportFrame title={routeTitle(route, i18n.language)} hint={t('qualityReportPage.hint')} choice={choice} phone={phone} className="quality-report-page" testId="quality-report-page">
      {(student, termId) => <QualityReportView key={`${student.id}-${termId ?? 0}`} student={student} termId={termId} phone={phone} />}
    </ReportFrame>
  );
}
