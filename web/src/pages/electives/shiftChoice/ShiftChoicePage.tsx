import { useState } from 'react';
import { Button, Empty, Result, Spin } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MyShiftBatch, ShiftBatchStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { fetchMyChoices, shiftChoiceKeys } from '../../../api/shiftChoice.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { refusalOf } from '../common/parts.tsx';
import { BatchCard } from './BatchCard.tsx';
import { ChangeDialog } from './ChangeDialog.tsx';
import './shiftChoice.css';

/** The batch open for choosing first, then the coming ones, then those ended (each as the server orders them). */
const STATUS_ORDER: Record<ShiftBatchStatus, number> = { inProgress: 0, notStarted: 1, ended: 2 };

/**
 * /zbgl/xszy, Subject choices: a student, or a parent for a chosen child, chooses the subjects of
 * the grade's batches inside their windows (3+1+2: one first-choice and two second-choice subjects; 3+3:
 * any three); after a window a change is asked for with a reason, and the published shift classes show.
 * Built for a phone first, like /xkgl/xsxk.
 */
export default function ShiftChoicePage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [studentId, setStudentId] = useState<number | undefined>();
  const [asking, setAsking] = useState<MyShiftBatch | null>(null);
  const view = useQuery({
    queryKey: shiftChoiceKeys.my(studentId),
    queryFn: ({ signal }) => fetchMyChoices(studentId, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: shiftChoiceKeys.all });

  const data = view.data;
  const forStudent = data?.studentId ?? null;
  const student = data?.students.find((item) => item.id === forStudent);

  let body;
  if (view.isPending) {
    body = (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  } else if (view.isError && !data) {
    body = (
      <Result
        status="warning"
        title={t('shiftChoice.loadFailed')}
        subTitle={refusalOf(view.error)}
        extra={
          <Button onClick={() => void view.refetch()} data-testid="shift-choice-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (!data || forStudent === null) {
    body = <Empty description={t('shiftChoice.noStudent')} data-testid="shift-choice-no-student" />;
  } else if (data.batches.length === 0) {
    body = <Empty description={t('shiftChoice.noBatches')} data-testid="shift-choice-empty" />;
  } else {
    body = (
      <div className="shift-choice-batches">
        {[...data.batches]
          .sort((a, b) => STATUS_ORDER[a.batch.status] - STATUS_ORDER[b.batch.status])
          .map((item) => (
            // Keyed by the saved choice too: a save (or another child) starts the selectors from what is saved.
            <BatchCard key={`${forStudent}:${item.batch.id}:${item.chosen.join(',')}`} item={item} studentId={forStudent} phone={phone} onAskChange={setAsking} onSaved={refresh} />
          ))}
      </div>
    );
  }

  return (
    <div className={`shift-choice-page${phone ? ' is-phone' : ''}`} data-testid="shift-choice-page">
      <div className="shift-choice-head">
        <div className="shift-choice-title">{routeTitle(route, i18n.language)}</div>
      </div>
      {data && data.students.length > 1 && (
        <ChildChooser
          items={data.students}
          value={forStudent}
          onChange={(id) => {
            setStudentId(id);
            setAsking(null);
          }}
          phone={phone}
          label={t('shiftChoice.child')}
          testIdPrefix="shift-choice"
        />
      )}
      {student && (
        <div className="shift-choice-student" data-testid="shift-choice-student">
          <span className="shift-choice-student-name">{student.name}</span>
          {student.className && <span className="elective-muted">{student.className}</span>}
        </div>
      )}
      {body}
      {forStudent !== null && <ChangeDialog item={asking} studentId={forStudent} phone={phone} onClose={() => setAsking(null)} onDone={refresh} />}
    </div>
  );
}
