import { useState } from 'react';
import { Alert, Button, Empty, Result, Select, Spin, Typography, type ButtonProps } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHOICE_KINDS, type ChoiceKind, type ElectiveChoice, type SelectionView } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { chooseCourse, electiveKeys, fetchSelectionView, withdrawChoice } from '../../../api/electives.ts';
import { feedback } from '../../../app/feedback.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { ChoiceStatusTag, ModeTag, PhaseTag, byName, refusalOf, slotText } from '../common/parts.tsx';
import { CourseCard } from './CourseCard.tsx';
import './selection.css';

/** A refusal of the server kept on the card it concerns (a toast is gone before a long clash is read on a phone). */
export interface Refusal {
  sessionId: number;
  kind: ChoiceKind;
  msg: string;
}

/**
 * /xkgl/xsxk, Course selection: a student, or a parent for a chosen child, takes a major and a minor elective
 * of the term inside the window the office set. First come: a place at once while seats last. Lottery: the
 * choice is a preference until the office draws after the window. Built for a phone first.
 */
export default function SelectionPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [termId, setTermId] = useState<number | undefined>();
  const [studentId, setStudentId] = useState<number | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const view = useQuery({
    queryKey: electiveKeys.selection(termId, studentId),
    queryFn: ({ signal }) => fetchSelectionView({ termId, studentId }, signal),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['electives', 'selection'] });

  let body;
  if (view.isPending) {
    body = (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  } else if (view.isError && !view.data) {
    body = (
      <Result
        status="warning"
        title={t('electiveSelect.loadFailed')}
        subTitle={refusalOf(view.error)}
        extra={
          <Button onClick={() => void view.refetch()} data-testid="elective-select-retry">
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else {
    const data = view.data;
    // A parent names the child chosen for; a student chooses for themselves.
    const forStudent = data.children.length && data.student ? data.student.id : undefined;

    const choose = async (sessionId: number, kind: ChoiceKind) => {
      setBusy(`${kind}:${sessionId}`);
      setRefusal(null);
      try {
        const msg = await chooseCourse({ sessionId, kind, ...(forStudent ? { studentId: forStudent } : {}) });
        feedback().message.success(msg || t('elective.saved'));
      } catch (error) {
        // The client has shown it as a toast as well; seats may have gone meanwhile, so the view is read again.
        const msg = refusalOf(error);
        if (msg) setRefusal({ sessionId, kind, msg });
      } finally {
        setBusy(null);
        await refresh();
      }
    };

    const withdraw = (choice: ElectiveChoice) =>
      feedback().modal.confirm({
        title: t('electiveSelect.withdrawTitle', { name: choice.name }),
        content: t(data.settings?.mode === 'lottery' ? 'electiveSelect.withdrawLottery' : 'electiveSelect.withdrawFirstCome'),
        okText: t('electiveSelect.withdraw'),
        cancelText: t('electiveSelect.keep'),
        okButtonProps: { danger: true, 'data-testid': 'elective-withdraw-ok' } as ButtonProps,
        onOk: async () => {
          try {
            const msg = await withdrawChoice({ termId: data.termId, kind: choice.kind, ...(forStudent ? { studentId: forStudent } : {}) });
            feedback().message.success(msg || t('elective.choiceWithdrawn'));
            setRefusal(null);
          } catch {
            // The request client has shown why (the window has closed meanwhile).
          } finally {
            await refresh();
          }
        },
      });

    body = <SelectionBody data={data} phone={phone} busy={busy} refusal={refusal} onChoose={(sessionId, kind) => void choose(sessionId, kind)} onWithdraw={withdraw} onDismiss={() => setRefusal(null)} />;
  }

  const data = view.data;
  return (
    <div className={`elective-select-page${phone ? ' is-phone' : ''}`} data-testid="elective-select-page">
      <div className="elective-select-head">
        <div className="elective-select-title">{routeTitle(route, i18n.language)}</div>
        {data && data.terms.length > 0 && (
          <Select
            value={data.termId || undefined}
            onChange={(id: number) => {
              setTermId(id);
              setRefusal(null);
            }}
            options={byName(data.terms)}
            className="elective-select-term"
            aria-label={t('electiveUi.term')}
            data-testid="elective-select-term"
          />
        )}
      </div>
      {data && data.children.length > 1 && (
        <ChildChooser
          items={data.children.map((child) => ({ id: child.id, name: child.name, className: child.className }))}
          value={data.student?.id ?? null}
          onChange={(id) => {
            setStudentId(id);
            setRefusal(null);
          }}
          phone={phone}
          label={t('electiveSelect.child')}
          testIdPrefix="elective-select"
        />
      )}
      {body}
    </div>
  );
}

interface BodyProps {
  data: SelectionView;
  phone: boolean;
  busy: string | null;
  refusal: Refusal | null;
  onChoose: (sessionId: number, kind: ChoiceKind) => void;
  onWithdraw: (choice: ElectiveChoice) => void;
  onDismiss: () => void;
}

function SelectionBody({ data, phone, busy, refusal, onChoose, onWithdraw, onDismiss }: BodyProps) {
  const { t } = useTranslation();
  const { settings, student } = data;
  const open = settings?.phase === 'open';
  return (
    <>
      {student && (
        <div className="elective-select-student" data-testid="elective-select-student">
          <span className="elective-select-student-name">{student.name}</span>
          <span className="elective-muted">{[student.gradeName, student.className].filter(Boolean).join(' · ')}</span>
        </div>
      )}
      {settings ? (
        <section className="elective-select-window" data-testid="elective-select-window">
          <div className="elective-select-window-tags">
            <PhaseTag phase={settings.phase} testId="elective-select-phase" />
            <ModeTag mode={settings.mode} />
          </div>
          <span className="elective-select-window-time">{t('electiveSelect.window', { start: settings.selectionStart, end: settings.selectionEnd })}</span>
          <Typography.Text type="secondary" className="elective-small">
            {t(settings.mode === 'lottery' ? (settings.drawnAt ? 'electiveSelect.lotteryDrawn' : 'electiveSelect.lotteryHint') : 'electiveSelect.firstComeHint', { at: settings.drawnAt })}
          </Typography.Text>
        </section>
      ) : (
        <Alert type="info" showIcon title={t('elective.noSettings')} data-testid="elective-select-unset" />
      )}

      <section className="elective-select-choices" data-testid="elective-select-choices">
        {CHOICE_KINDS.map((kind) => {
          const choice = data.choices.find((item) => item.kind === kind);
          return (
            <div key={kind} className={`elective-choice-card${choice ? '' : ' is-empty'}`} data-testid={`elective-choice-${kind}`}>
              <div className="elective-choice-head">
                <span className="elective-choice-kind">{t(`electiveUi.kind.${kind}`)}</span>
                {choice && <ChoiceStatusTag status={choice.status} testId={`elective-choice-status-${kind}`} />}
              </div>
              {choice ? (
                <>
                  <span className="elective-choice-name">{choice.name}</span>
                  <span className="elective-muted elective-small">{slotText(t, choice.dayName, choice.periodName)}</span>
                  {choice.chosenAt && (
                    <span className="elective-muted elective-small">{t('electiveSelect.chosenBy', { at: choice.chosenAt, name: choice.chosenByName || '—' })}</span>
                  )}
                  {open && (
                    <Button size="small" danger block={phone} onClick={() => onWithdraw(choice)} data-testid={`elective-withdraw-${kind}`}>
                      {t('electiveSelect.withdraw')}
                    </Button>
                  )}
                </>
              ) : (
                <span className="elective-muted">{t('electiveSelect.noChoice')}</span>
              )}
            </div>
          );
        })}
      </section>

      <section className="elective-select-courses">
        <div className="elective-section-title">{t('electiveSelect.courses', { count: data.courses.length })}</div>
        {data.courses.length === 0 ? (
          <Empty description={t('electiveSelect.noCourses')} data-testid="elective-select-empty" />
        ) : (
          data.courses.map((course) => (
            <CourseCard
              key={course.sessionId}
              course={course}
              settings={settings}
              choices={data.choices}
              phone={phone}
              busy={busy}
              refusal={refusal?.sessionId === course.sessionId ? refusal : null}
              onChoose={onChoose}
              onDismiss={onDismiss}
            />
          ))
        )}
      </section>
    </>
  );
}
