import { useMemo, useState } from 'react';
import { Button, Descriptions, Empty, Form, Input, Radio, Select, Switch, Tag, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONDUCT_CATEGORIES, CONDUCT_CONTENT_MAX, CONDUCT_RESULTS, type ConductCategory, type ConductResult, type ConductRow } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { CONDUCT_CALLS, CONDUCT_PERMISSION, createConduct, fetchConduct, updateConduct } from '../../../api/homeSchool.ts';
import { feedback } from '../../../app/feedback.ts';
import { DeleteButton } from '../../../components/DeleteButton/index.ts';
import { FormDialog, ManagePage, RecordActions } from '../../../components/ManagePage/index.ts';
import { SidePanel } from '../../../components/SidePanel/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { noticeTime } from '../common/NoticeBody.tsx';
import { ConductStudentSelect, ResultTag } from './ConductParts.tsx';
import './conduct.css';

type Replied = '' | '0' | '1';

interface SearchForm {
  keyword?: string;
  category?: ConductCategory;
  replied?: Replied;
}

interface FormValues {
  studentIds?: number[];
  category?: ConductCategory;
  result?: ConductResult;
  content?: string;
  askReply?: boolean;
}

type Editing = { mode: 'add' } | { mode: 'edit'; record: ConductRow };

/** Whether a record asks for a reply and how many replies it has. */
function Replies({ row }: { row: ConductRow }) {
  const { t } = useTranslation();
  if (!row.askReply) return <Typography.Text type="secondary">{t('conduct.noReplyAsked')}</Typography.Text>;
  return row.replies.length > 0 ? (
    <Tag color="green" icon={<MessageOutlined />} data-testid={`conduct-replies-${row.id}`} data-count={row.replies.length}>
      {t('conduct.replyCount', { count: row.replies.length })}
    </Tag>
  ) : (
    <Tag color="orange" data-testid={`conduct-replies-${row.id}`} data-count={0}>
      {t('conduct.awaitingReply')}
    </Tag>
  );
}

/** One record with its parents' replies. */
function ConductView({ record, onClose }: { record: ConductRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <SidePanel open={!!record} onClose={onClose} title={t('conduct.viewTitle')} width={phone ? '100%' : 640}>
      {record && (
        <div className="conduct-view" data-testid="conduct-view">
          <Descriptions
            size="small"
            column={1}
            bordered
            styles={{ label: { width: 120 } }}
            items={[
              { key: 'student', label: t('conduct.student'), children: <span className="conduct-data">{`${record.studentName} · ${record.studentNumber}`}</span> },
              { key: 'class', label: t('conduct.class'), children: <span className="conduct-data">{record.className}</span> },
              { key: 'category', label: t('conduct.category'), children: t(`homeSchool.conduct.category.${record.category}`) },
              { key: 'result', label: t('conduct.result'), children: <ResultTag result={record.result} /> },
              { key: 'time', label: t('conduct.time'), children: <span className="conduct-data">{`${record.publisherName} · ${noticeTime(record.createdAt)}`}</span> },
            ]}
          />
          <div className="conduct-content conduct-data" data-testid="conduct-view-content">
            {record.content}
          </div>
          <Typography.Title level={5}>{t('conduct.replies')}</Typography.Title>
          {!record.askReply ? (
            <Typography.Text type="secondary">{t('conduct.noReplyAsked')}</Typography.Text>
          ) : record.replies.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('conduct.noReplies')} />
          ) : (
            <ul className="conduct-replies" data-testid="conduct-view-replies">
              {record.replies.map((reply) => (
                <li key={`${reply.parentName}-${reply.repliedAt}`} className="conduct-reply" data-testid="conduct-reply">
                  <div className="conduct-reply-head conduct-data">
                    <strong>{reply.parentName}</strong>
                    <span>{noticeTime(reply.repliedAt)}</span>
                  </div>
                  <div className="conduct-reply-text conduct-data">{reply.content}</div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </SidePanel>
  );
}

/** The fields of the add / modify dialog; the students and whether a reply is asked only when recording. */
function ConductForm({ record }: { record?: ConductRow }) {
  const { t } = useTranslation();
  return (
    <>
      {record ? (
        <Form.Item label={t('conduct.student')}>
          <span data-testid="conduct-form-student">{`${record.studentName} · ${record.studentNumber} · ${record.className}`}</span>
        </Form.Item>
      ) : (
        <Form.Item name="studentIds" label={t('conduct.students')} required rules={[{ required: true, type: 'array', min: 1, message: t('homeSchool.conduct.studentsRequired') }]}>
          <ConductStudentSelect />
        </Form.Item>
      )}
      <div className="conduct-form-row">
        <Form.Item name="category" label={t('conduct.category')} required rules={[{ required: true, message: t('homeSchool.conduct.categoryRequired') }]}>
          <Select
            options={CONDUCT_CATEGORIES.map((value) => ({ value, label: t(`homeSchool.conduct.category.${value}`) }))}
            placeholder={t('conduct.categoryHint')}
            data-testid="conduct-form-category"
          />
        </Form.Item>
        <Form.Item name="result" label={t('conduct.result')} required rules={[{ required: true, message: t('homeSchool.conduct.resultRequired') }]}>
          <Radio.Group
            optionType="button"
            options={CONDUCT_RESULTS.map((value) => ({ value, label: <span data-testid={`conduct-form-result-${value}`}>{t(`homeSchool.conduct.result.${value}`)}</span> }))}
          />
        </Form.Item>
      </div>
      <Form.Item name="content" label={t('conduct.content')} required rules={[{ required: true, whitespace: true, message: t('homeSchool.contentRequired') }]}>
        <Input.TextArea maxLength={CONDUCT_CONTENT_MAX} showCount autoSize={{ minRows: 4, maxRows: 10 }} placeholder={t('conduct.contentHint')} data-testid="conduct-form-content" />
      </Form.Item>
      {record ? (
        <Form.Item label={t('conduct.askReply')}>
          <span>{t(record.askReply ? 'conduct.askReplyYes' : 'conduct.askReplyNo')}</span>
        </Form.Item>
      ) : (
        <Form.Item name="askReply" label={t('conduct.askReply')} valuePropName="checked" extra={t('conduct.askReplyHint')}>
          <Switch data-testid="conduct-form-ask-reply" />
        </Form.Item>
      )}
    </>
  );
}

/**
 * /jxhd/bxfb, Performance release: the conduct records the caller wrote (every one with
 * `homeSchool:performance:all`), recording for one or several students, modifying, deleting and the replies.
 */
export default function ConductPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [viewing, setViewing] = useState<ConductRow | null>(null);

  const open = async (row: ConductRow, as: 'view' | 'edit') => {
    try {
      const record = await fetchConduct(row.id);
      if (as === 'view') setViewing(record);
      else setEditing({ mode: 'edit', record });
    } catch {
      // The request client has shown why (e.g. deleted meanwhile).
    }
  };

  const record = editing?.mode === 'edit' ? editing.record : undefined;
  const initialValues = useMemo<Partial<FormValues>>(
    () => (record ? { category: record.category, result: record.result, content: record.content } : { studentIds: [], result: 'praise', askReply: false }),
    [record],
  );

  const save = async (values: FormValues, reload: () => void) => {
    const fields = { category: values.category!, result: values.result!, content: (values.content ?? '').trim() };
    const msg = record ? await updateConduct({ id: record.id, ...fields }) : await createConduct({ ...fields, studentIds: values.studentIds ?? [], askReply: !!values.askReply });
    feedback().message.success(msg || t(record ? 'common.updated' : 'common.created'));
    reload();
  };

  return (
    <ManagePage<ConductRow, SearchForm>
      permission={CONDUCT_PERMISSION}
      listUrl={CONDUCT_CALLS.page}
      title={routeTitle(route, i18n.language)}
      deleteUrl={CONDUCT_CALLS.delete}
      onAdd={() => setEditing({ mode: 'add' })}
      toSearch={(values) => ({ keyword: values.keyword?.trim() ?? '', category: values.category ?? '', replied: values.replied ?? '' })}
      searchFields={() => (
        <>
          <Form.Item name="keyword" label={t('conduct.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('conduct.keywordHint')} data-testid="conduct-search-keyword" />
          </Form.Item>
          <Form.Item name="category" label={t('conduct.category')}>
            <Select
              allowClear
              options={CONDUCT_CATEGORIES.map((value) => ({ value, label: t(`homeSchool.conduct.category.${value}`) }))}
              placeholder={t('manage.all')}
              style={{ width: 140 }}
              data-testid="conduct-search-category"
            />
          </Form.Item>
          <Form.Item name="replied" label={t('conduct.replied')}>
            <Select
              allowClear
              options={[
                { value: '1', label: t('conduct.repliedYes') },
                { value: '0', label: t('conduct.repliedNo') },
              ]}
              placeholder={t('manage.all')}
              style={{ width: 130 }}
              data-testid="conduct-search-replied"
            />
          </Form.Item>
        </>
      )}
      columns={[
        {
          key: 'student',
          title: t('conduct.studentAndClass'),
          width: 170,
          render: (_: unknown, row: ConductRow) => (
            <div className="conduct-student-cell">
              <Button type="link" size="small" className="notice-title-link" onClick={() => void open(row, 'view')} data-testid="conduct-student">
                {row.studentName} · {row.studentNumber}
              </Button>
              <span className="conduct-student-class">{row.className}</span>
            </div>
          ),
        },
        {
          key: 'category',
          dataIndex: 'category',
          title: t('conduct.categoryAndResult'),
          width: 170,
          render: (value: ConductCategory, row: ConductRow) => (
            <span className="conduct-category-cell">
              <span>{t(`homeSchool.conduct.category.${value}`)}</span>
              <ResultTag result={row.result} />
            </span>
          ),
        },
        { key: 'content', dataIndex: 'content', title: t('conduct.content'), render: (value: string) => <div className="conduct-cell-content">{value}</div> },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('conduct.time'), width: 140, render: (value: string) => noticeTime(value) },
        { key: 'replies', title: t('conduct.replies'), width: 110, render: (_: unknown, row: ConductRow) => <Replies row={row} /> },
      ]}
      rowActions={(row, { canEdit, canDelete, reload }) => (
        <>
          <RecordActions
            onView={() => void open(row, 'view')}
            onEdit={canEdit ? () => void open(row, 'edit') : undefined}
            viewTestId={`conduct-view-${row.id}`}
            editTestId={`conduct-edit-${row.id}`}
          />
          {canDelete && <DeleteButton type="link" size="small" url={CONDUCT_CALLS.delete} param={{ ids: [row.id] }} onSuccess={reload} data-testid={`conduct-delete-${row.id}`} />}
        </>
      )}
      data-testid="conduct-page"
    >
      {({ reload }) => (
        <>
          <FormDialog<FormValues>
            open={!!editing}
            mode={editing?.mode ?? 'add'}
            title={t(record ? 'conduct.editTitle' : 'conduct.addTitle')}
            initialValues={initialValues}
            onClose={() => setEditing(null)}
            onSubmit={(values) => save(values, reload)}
            data-testid="conduct-dialog"
          >
            {() => <ConductForm record={record} />}
          </FormDialog>
          <ConductView record={viewing} onClose={() => setViewing(null)} />
        </>
      )}
    </ManagePage>
  );
}
