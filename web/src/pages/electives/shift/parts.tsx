import type { ReactNode } from 'react';
import { Button, Result, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SHIFT_URLS, type ChoiceChangeStatus, type FormationStatus, type ShiftBatchRow, type ShiftBatchStatus } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { ApiError, isAbort } from '../../../api/client.ts';
import { BATCH_STATUS_COLOURS, CHANGE_COLOURS, FORMATION_COLOURS, fetchBatch, shiftKeys } from '../../../api/shiftClasses.ts';
import '../common/electives.css';
import './shift.css';

/** The five pages of a batch, in the order of the work, with their menu urls. */
export const BATCH_PAGES = [
  { key: 'courses', url: SHIFT_URLS.courses },
  { key: 'students', url: SHIFT_URLS.students },
  { key: 'blocks', url: SHIFT_URLS.blocks },
  { key: 'classes', url: SHIFT_URLS.classes },
  { key: 'classStudents', url: SHIFT_URLS.classStudents },
] as const;
export type BatchPageKey = (typeof BATCH_PAGES)[number]['key'];

/** A batch page's address: its url with `?batchId=` (and more parameters). */
export const batchPageUrl = (url: string, batchId: number, more: Record<string, number> = {}) =>
  `${url}?${new URLSearchParams(Object.entries({ batchId, ...more }).map(([key, value]) => [key, String(value)])).toString()}`;

/** A student's gender code ('1' male, '2' female) in the user's language. */
export const genderText = (t: TFunction, code: string) => (code === '1' ? t('shiftUi.male') : code === '2' ? t('shiftUi.female') : code);

/** A whole positive number from the query string, or null. */
export function idParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The message of a refusal (or a network failure) to show in a dialog; '' for a call given up or a lapsed session. */
export function refusalText(error: unknown): string {
  if (isAbort(error)) return '';
  if (error instanceof ApiError) return error.kind === 'expired' ? '' : error.message;
  return error instanceof Error ? error.message : String(error);
}

export function BatchStatusTag({ status, testId }: { status: ShiftBatchStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={BATCH_STATUS_COLOURS[status] ?? 'default'} className="elective-tag" data-testid={testId} data-status={status}>
      {t(`shift.status.${status}`)}
    </Tag>
  );
}

export function FormationTag({ status, testId }: { status: FormationStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={FORMATION_COLOURS[status] ?? 'default'} className="elective-tag" data-testid={testId} data-status={status}>
      {t(`shiftUi.formation.${status}`)}
    </Tag>
  );
}

export function ChangeStatusTag({ status, testId }: { status: ChoiceChangeStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={CHANGE_COLOURS[status] ?? 'default'} className="elective-tag" data-testid={testId}>
      {t(`shiftUi.change.${status}`)}
    </Tag>
  );
}

/** The colour of a time block (1..8) on the grid, the classes and the moves. */
export const blockColour = (block: number) => `shift-block-${((block - 1) % 8) + 1}`;

export function BlockTag({ block }: { block: number }) {
  const { t } = useTranslation();
  return <span className={`shift-block-tag ${blockColour(block)}`}>{t('shiftUi.blockN', { block })}</span>;
}

/** 'YYYY-MM-DD HH:mm ~ YYYY-MM-DD HH:mm', the year left out of the end when it is the same. */
export const windowText = (start: string, end: string) => `${start} ~ ${start.slice(0, 4) === end.slice(0, 4) ? end.slice(5) : end}`;

/** A page without its batch: the message and the way back to the batches. */
export function ParametersLost({ message }: { message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={message || t('shift.parametersLost')}
      extra={
        <Button type="primary" onClick={() => void navigate(SHIFT_URLS.batches)} data-testid="shift-back-to-batches">
          {t('shiftUi.backToBatches')}
        </Button>
      }
      data-testid="shift-parameters-lost"
    />
  );
}

export interface BatchPageProps extends PageProps {
  page: BatchPageKey;
  /** The page's body, once its batch is known. */
  children: (batch: ShiftBatchRow) => ReactNode;
}

/**
 * The frame of the five batch pages: the batch from `?batchId=` (a page opened without one, or with one the
 * server does not know, shows 'Parameters lost …' and the way back to /zbgl/zbpc), a head with the page's
 * title, the batch's name and states, and links to the other pages of the batch.
 */
export function BatchPage({ route, page, children }: BatchPageProps) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const batchId = idParam(params, 'batchId');
  const head = useQuery({
    queryKey: shiftKeys.head(batchId ?? 0),
    queryFn: ({ signal }) => fetchBatch(batchId!, signal),
    enabled: batchId !== null,
    retry: false,
  });
  const title = routeTitle(route, i18n.language);

  if (batchId === null) return <Frame title={title}><ParametersLost /></Frame>;
  if (head.isPending) {
    return (
      <div className="elective-loading">
        <Spin />
      </div>
    );
  }
  if (head.isError) {
    const error = head.error;
    if (error instanceof ApiError && error.kind === 'business') return <Frame title={title}><ParametersLost message={error.message} /></Frame>;
    return (
      <Frame title={title}>
        <Result
          status="error"
          title={refusalText(error) || t('shiftUi.loadFailed')}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void head.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Frame>
    );
  }
  const batch = head.data;
  return (
    <Frame title={title} batch={batch} page={page}>
      {children(batch)}
    </Frame>
  );
}

function Frame({ title, batch, page, children }: { title: string; batch?: ShiftBatchRow; page?: BatchPageKey; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="shift-page" data-testid={`shift-page-${page ?? 'lost'}`} data-batch-id={batch?.id}>
      <div className="shift-head">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('shiftUi.backToBatches')}
          title={t('shiftUi.backToBatches')}
          onClick={() => void navigate(SHIFT_URLS.batches)}
          data-testid="shift-head-back"
        />
        <Typography.Title level={5} className="shift-head-title">
          {title}
        </Typography.Title>
        {batch && (
          <>
            <span className="shift-head-batch" data-testid="shift-head-name">
              {batch.name}
            </span>
            <span className="shift-head-meta">
              {batch.termName} · {batch.gradeName} · {t(`shiftUi.scheme.${batch.scheme}`)}
            </span>
            <BatchStatusTag status={batch.status} testId="shift-head-status" />
            <FormationTag status={batch.formationStatus} testId="shift-head-formation" />
          </>
        )}
        {batch && page && (
          <nav className="shift-head-nav" aria-label={t('shiftUi.batchPages')}>
            {BATCH_PAGES.map((item) => (
              <Button
                key={item.key}
                size="small"
                type={item.key === page ? 'primary' : 'text'}
                onClick={() => void navigate(batchPageUrl(item.url, batch.id))}
                data-testid={`shift-nav-${item.key}`}
              >
                {t(`shiftUi.page.${item.key}`)}
              </Button>
            ))}
          </nav>
        )}
      </div>
      {children}
    </div>
  );
}
