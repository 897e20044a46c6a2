import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Empty, Form, Input, Modal, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SMS_CONTENT_MAX, SMS_STATES, type SmsRow, type SmsSendResult, type SmsState, type SmsStudentOption } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { ManagePage } from '../../../components/ManagePage/index.ts';
import { fetchSmsClasses, fetchSmsStudents, retrySms, sendSms, SMS_CALLS, type SmsClass } from '../../../api/homeSchoolSms.ts';
import './sms.css';

const STATE_COLOURS: Record<SmsState, string> = { queued: 'default', outbox: 'blue', sent: 'green', failed: 'red' };

interface SmsSearchForm {
  keyword?: string;
  state?: SmsState;
}

/** Tells the sender how a sending went: all well, or the spec's failure message with the counts. */
function report(result: SmsSendResult, msg: string, t: (key: string, options?: Record<string, unknown>) => string) {
  const missing = result.withoutPhone > 0 ? ` ${t('sms.withoutPhone', { count: result.withoutPhone })}` : '';
  if (result.failed > 0) feedback().message.warning(`${msg} ${t('sms.failedCount', { count: result.failed })}${missing}`);
  else feedback().message.success(`${msg}${missing}`);
}

function SendDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const [classes, setClasses] = useState<SmsClass[]>([]);
  const [classId, setClassId] = useState<number | undefined>();
  const [students, setStudents] = useState<SmsStudentOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetchSmsClasses(controller.signal)
      .then((list) => {
        setClasses(list);
        // A class teacher usually leads one class: choose it straight away.
        if (list.length === 1) setClassId(list[0]!.id);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [open]);

  useEffect(() => {
    if (!classId) return;
    const controller = new AbortController();
    setLoading(true);
    setChosen([]);
    fetchSmsStudents(classId, controller.signal)
      .then(setStudents)
      .catch(() => setStudents([]))
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [classId]);

  const reachable = useMemo(() => students.filter((student) => student.phones > 0), [students]);
  const close = () => {
    setChosen([]);
    setContent('');
    onClose();
  };
  const submit = async () => {
    setSending(true);
    try {
      const { result, msg } = await sendSms({ studentIds: chosen, content: content.trim() });
      report(result, msg, t);
      onSent();
      close();
    } catch {
      // The request client has shown why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('sms.sendTitle')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('sms.send')}
      okButtonProps={{ disabled: chosen.length === 0 || content.trim() === '', loading: sending, id: 'sms-send-submit' }}
      width={640}
      destroyOnHidden
      data-testid="sms-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('sms.class')} required>
          <Select
            value={classId}
            onChange={setClassId}
            options={classes.map((item) => ({ value: item.id, label: item.name }))}
            placeholder={t('sms.chooseClass')}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="sms-class"
          />
        </Form.Item>
        <Form.Item
          label={
            <span>
              {t('sms.students')}{' '}
              <Typography.Text type="secondary">{t('sms.chosenCount', { count: chosen.length, total: reachable.length })}</Typography.Text>
            </span>
          }
          required
        >
          <Spin spinning={loading}>
            {students.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={classId ? t('sms.noStudents') : t('sms.chooseClass')} />
            ) : (
              <>
                <Checkbox
                  checked={chosen.length > 0 && chosen.length === reachable.length}
                  indeterminate={chosen.length > 0 && chosen.length < reachable.length}
                  onChange={(event) => setChosen(event.target.checked ? reachable.map((student) => student.id) : [])}
                  data-testid="sms-all"
                >
                  {t('sms.allWithPhones')}
                </Checkbox>
                <Checkbox.Group className="sms-students" value={chosen} onChange={(values) => setChosen(values as number[])}>
                  {students.map((student) => (
                    <Checkbox key={student.id} value={student.id} disabled={student.phones === 0} data-testid={`sms-student-${student.id}`}>
                      {student.name}
                      {student.phones === 0 && <span className="sms-no-phone">{t('sms.noPhone')}</span>}
                    </Checkbox>
                  ))}
                </Checkbox.Group>
              </>
            )}
          </Spin>
        </Form.Item>
        <Form.Item label={t('sms.content')} required>
          <Input.TextArea value={content} onChange={(event) => setContent(event.target.value)} maxLength={SMS_CONTENT_MAX} showCount rows={4} placeholder={t('sms.contentHint')} data-testid="sms-content" />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={t('sms.outboxHint')} />
    </Modal>
  );
}

/**
 * /jxhd/dxtx, SMS reminders: a class teacher texts the parents of students of the class they lead and
 * follows each message in the outbox (administrators see every message); failed ones can be sent again.
 */
export default function SmsPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [sending, setSending] = useState(false);
  const retry = async (ids: number[], reload: () => void) => {
    try {
      const { result, msg } = await retrySms(ids);
      report(result, msg, t);
      reload();
    } catch {
      // The request client has shown why.
    }
  };
  return (
    <ManagePage<SmsRow, SmsSearchForm>
      permission="homeSchool:sms"
      listUrl={SMS_CALLS.page}
      title={routeTitle(route, i18n.language)}
      onAdd={() => setSending(true)}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', state: values.state ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('sms.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('sms.keywordHint')} data-testid="sms-search-keyword" />
          </Form.Item>
          <Form.Item name="state" label={t('sms.state')}>
            <Select allowClear style={{ width: 150 }} placeholder={t('manage.all')} options={SMS_STATES.map((state) => ({ value: state, label: t(`homeSchool.sms.state.${state}`) }))} data-testid="sms-search-state" />
          </Form.Item>
        </>
      )}
      columns={[
        { key: 'createdAt', dataIndex: 'createdAt', title: t('sms.time'), width: 170 },
        { key: 'studentName', dataIndex: 'studentName', title: t('sms.student'), width: 100 },
        { key: 'className', dataIndex: 'className', title: t('sms.class'), width: 110 },
        { key: 'recipientName', dataIndex: 'recipientName', title: t('sms.parent'), width: 120 },
        { key: 'phone', dataIndex: 'phone', title: t('sms.phone'), width: 130 },
        { key: 'content', dataIndex: 'content', title: t('sms.content'), ellipsis: true },
        {
          key: 'state',
          dataIndex: 'state',
          title: t('sms.state'),
          width: 130,
          render: (state: SmsState, row: SmsRow) => (
            <Tag color={STATE_COLOURS[state]} title={row.error ?? undefined} data-testid={`sms-state-${row.id}`}>
              {t(`homeSchool.sms.state.${state}`)}
            </Tag>
          ),
        },
        { key: 'senderName', dataIndex: 'senderName', title: t('sms.sender'), width: 100 },
      ]}
      rowActions={(row, { canEdit, reload }) =>
        canEdit && row.state === 'failed' ? (
          <Button type="link" size="small" onClick={() => void retry([row.id], reload)} data-testid={`sms-retry-${row.id}`}>
            {t('sms.retry')}
          </Button>
        ) : null
      }
      data-testid="sms-page"
    >
      {({ reload }) => <SendDialog open={sending} onClose={() => setSending(false)} onSent={reload} />}
    </ManagePage>
  );
}
