import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Select, Switch, Tag, Tooltip, type FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { jobCreateSchema, jobUpdateSchema, type JobHandlerOption, type JobRow, type JobRunRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { call } from '../../../api/client.ts';
import { ManagePage, FormDialog, RecordActions, EnabledFilter, type FormMode } from '../../../components/ManagePage/index.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { usePermission } from '../../../components/PermissionGate/index.ts';
import { zodRule } from '../../../app/forms/zodRule.ts';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { formatTime } from '../logs/OperationLogPage.tsx';

interface JobSearchForm {
  keyword?: string;
  enabled?: 'true' | 'false';
}

interface JobForm {
  code: string;
  name: string;
  nameEn: string;
  handler: string;
  cron: string;
  enabled: boolean;
  remark: string;
}

/** The job log's address (a hidden menu page); the jobs page opens it filtered to one job. */
export const JOB_LOG_PATH = '/job/log';

export function RunOutcomeTag({ outcome }: { outcome: JobRunRow['outcome'] }) {
  const { t } = useTranslation();
  const color = outcome === 'success' ? 'green' : outcome === 'failure' ? 'red' : 'blue';
  return (
    <Tag color={color} data-testid={`run-outcome-${outcome}`}>
      {t(`jobRuns.${outcome}`)}
    </Tag>
  );
}

/** What the chosen handler does, under the choice. */
function HandlerDescription({ form, handlers }: { form: FormInstance<JobForm>; handlers: JobHandlerOption[] }) {
  const { t } = useTranslation();
  const chosen = Form.useWatch('handler', form);
  const handler = handlers.find((h) => h.name === chosen);
  return handler ? <span data-testid="jobs-form-handler-description">{t(handler.descriptionKey)}</span> : null;
}

export const jobName = (job: { name: string; nameEn: string | null }) => (currentLanguage() === 'en' && job.nameEn ? job.nameEn : job.name);

/** /datasynchronization: scheduled jobs (issue 4, item 7): cron, enable / disable, run now, run history. */
export default function JobsPage(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ mode: FormMode; row?: JobRow } | null>(null);
  const [handlers, setHandlers] = useState<JobHandlerOption[]>([]);
  const [running, setRunning] = useState<number | null>(null);
  // The log is a hidden page of its own: the link shows to those who hold it.
  const canSeeLog = usePermission()({ permissions: ['system:jobLog'] });

  useEffect(() => {
    call<JobHandlerOption[]>('/api/system/jobs/handlers').then(setHandlers, () => setHandlers([]));
  }, []);
  const handlerOptions = handlers.map((h) => ({ value: h.name, label: h.name, title: t(h.descriptionKey) }));

  const initialValues = useMemo<Partial<JobForm>>(
    () =>
      dialog?.row
        ? { code: dialog.row.code, name: dialog.row.name, nameEn: dialog.row.nameEn ?? '', handler: dialog.row.handler, cron: dialog.row.cron, enabled: dialog.row.enabled, remark: dialog.row.remark ?? '' }
        : { enabled: false, cron: '0 * * * *', nameEn: '', remark: '' },
    [dialog],
  );

  const setEnabled = async (ids: number[], enabled: boolean, reload: () => void) => {
    const done = await call<null>('/api/system/jobs/enable', { json: { ids, enabled } }).then(
      () => true,
      () => false,
    );
    if (done) {
      feedback().message.success(t('jobs.enabledChanged'));
      reload();
    }
  };

  const runNow = async (row: JobRow, reload: () => void) => {
    setRunning(row.id);
    try {
      const envelope = await call<JobRunRow>('/api/system/jobs/run', { json: { id: row.id } });
      if (envelope.outcome === 'success') feedback().message.success(t('jobs.ranSuccess', { duration: envelope.durationMs ?? 0 }));
      else feedback().message.error(t('jobs.ranFailure', { message: envelope.message ?? '' }));
    } catch {
      // The request client has shown why (e.g. the job is running).
    } finally {
      setRunning(null);
      reload();
    }
  };

  return (
    <ManagePage<JobRow, JobSearchForm>
      permission="system:job"
      listUrl="/api/system/jobs/page"
      exportUrl="/api/system/jobs/export"
      exportName={t('jobs.exportName')}
      deleteUrl="/api/system/jobs/delete"
      onAdd={() => setDialog({ mode: 'add' })}
      toSearch={(values) => ({ keyword: values.keyword?.trim() || undefined, enabled: values.enabled === undefined ? undefined : values.enabled === 'true' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('opsJobs.keyword')}>
            <Input allowClear maxLength={100} placeholder={t('opsJobs.keywordPlaceholder')} />
          </Form.Item>
          <Form.Item name="enabled" label={t('jobs.enabled')}>
            <EnabledFilter />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('jobs.code'), sorter: true, width: 180 },
        { key: 'name', dataIndex: 'name', title: t('jobs.name'), sorter: true, width: 170, render: (_: unknown, row: JobRow) => jobName(row) },
        {
          key: 'handler',
          dataIndex: 'handler',
          title: t('jobs.handler'),
          sorter: true,
          width: 180,
          render: (value: string) => {
            const known = handlers.find((h) => h.name === value);
            return known ? <Tooltip title={t(known.descriptionKey)}>{value}</Tooltip> : value;
          },
        },
        { key: 'cron', dataIndex: 'cron', title: t('jobs.cron'), width: 130, render: (value: string) => <code>{value}</code> },
        {
          key: 'enabled',
          dataIndex: 'enabled',
          title: t('jobs.enabled'),
          sorter: true,
          width: 100,
          render: (value: boolean, row: JobRow) => (
            <>
              <Tag color={value ? 'green' : 'default'}>{value ? t('manage.enabled') : t('manage.disabled')}</Tag>
              {row.runningSince && <Tag color="blue">{t('jobRuns.running')}</Tag>}
            </>
          ),
        },
        { key: 'nextRunAt', dataIndex: 'nextRunAt', title: t('jobs.nextRunAt'), sorter: true, width: 170, render: (value: string | null) => formatTime(value) },
        {
          key: 'lastRun',
          title: t('jobs.lastRun'),
          width: 250,
          render: (_: unknown, row: JobRow) =>
            row.lastRun && (
              <span data-testid={`job-last-run-${row.code}`}>
                {formatTime(row.lastRun.startedAt)} <RunOutcomeTag outcome={row.lastRun.outcome} />
                {row.lastRun.durationMs !== null && t('opsJobs.durationShort', { ms: row.lastRun.durationMs })}
              </span>
            ),
        },
      ]}
      toolbar={({ selected, canEdit, reload }) =>
        canEdit && (
          <>
            <Button disabled={!selected.length} onClick={() => void setEnabled(selected.map((j) => j.id), true, reload)} data-testid="jobs-enable">
              {t('manage.enable')}
            </Button>
            <Button disabled={!selected.length} onClick={() => void setEnabled(selected.map((j) => j.id), false, reload)} data-testid="jobs-disable">
              {t('manage.disable')}
            </Button>
          </>
        )
      }
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          {canEdit && (
            <Button type="link" size="small" loading={running === row.id} onClick={() => void runNow(row, reload)} data-testid={`jobs-run-${row.code}`}>
              {t('opsJobs.runNow')}
            </Button>
          )}
          {canSeeLog && (
            <Button type="link" size="small" onClick={() => navigate(`${JOB_LOG_PATH}?jobId=${row.id}`)} data-testid={`jobs-log-${row.code}`}>
              {t('opsJobs.log')}
            </Button>
          )}
          <RecordActions onView={() => setDialog({ mode: 'view', row })} onEdit={canEdit ? () => setDialog({ mode: 'edit', row }) : undefined} editTestId={`jobs-edit-${row.code}`} />
          {canDelete && <DeleteButton type="link" size="small" url="/api/system/jobs/delete" param={{ ids: [row.id] }} onSuccess={reload} />}
        </>
      )}
      data-testid="jobs-page"
    >
      {({ reload }) => (
        <FormDialog<JobForm>
          open={!!dialog}
          mode={dialog?.mode ?? 'add'}
          title={t(dialog?.mode === 'add' ? 'opsJobs.addTitle' : dialog?.mode === 'edit' ? 'opsJobs.editTitle' : 'opsJobs.viewTitle')}
          initialValues={initialValues}
          onClose={() => setDialog(null)}
          onSubmit={async (values) => {
            if (dialog?.mode === 'add') await call('/api/system/jobs/create', { json: values });
            else await call('/api/system/jobs/update', { json: { ...values, id: dialog?.row?.id } });
            feedback().message.success(t(dialog?.mode === 'add' ? 'common.created' : 'common.updated'));
            reload();
          }}
          data-testid="jobs-dialog"
        >
          {(form, mode) => {
            const schema = mode === 'add' ? jobCreateSchema : jobUpdateSchema;
            return (
              <>
                <Form.Item name="code" label={t('jobs.code')} required rules={[zodRule(schema, 'code', form)]}>
                  <Input maxLength={64} data-testid="jobs-form-code" />
                </Form.Item>
                <Form.Item name="name" label={t('jobs.name')} required rules={[zodRule(schema, 'name', form)]}>
                  <Input maxLength={100} data-testid="jobs-form-name" />
                </Form.Item>
                <Form.Item name="nameEn" label={t('jobs.nameEn')} rules={[zodRule(schema, 'nameEn', form)]}>
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item
                  name="handler"
                  label={t('jobs.handler')}
                  required
                  rules={[zodRule(schema, 'handler', form)]}
                  extra={<HandlerDescription form={form} handlers={handlers} />}
                >
                  <Select options={handlerOptions} data-testid="jobs-form-handler" />
                </Form.Item>
                <Form.Item name="cron" label={t('jobs.cron')} required rules={[zodRule(schema, 'cron', form)]} extra={t('opsJobs.cronHint')}>
                  <Input maxLength={100} data-testid="jobs-form-cron" />
                </Form.Item>
                <Form.Item name="enabled" label={t('jobs.enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name="remark" label={t('jobs.remark')} rules={[zodRule(schema, 'remark', form)]}>
                  <Input.TextArea maxLength={300} rows={2} />
                </Form.Item>
              </>
            );
          }}
        </FormDialog>
      )}
    </ManagePage>
  );
}
