import { useMemo } from 'react';
import { Form, Radio, Select, Space, Tag, Typography, type FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLASS_AUDIENCES, NOTICE_CLASSES_MAX, type ClassAudience, type NoticeDetail } from '@campus/contract';
import { fetchNoticeClasses, type NoticeClass } from '../../../api/homeSchool.ts';
import { kindKey, useRelease } from './release.ts';
import { Picker } from '../../../components/Picker/index.ts';
import { PermissionGate, usePermission } from '../../../components/PermissionGate/index.ts';

export interface RecipientValues {
  recipients?: string;
  classIds?: number[];
  classAudience?: ClassAudience;
}

const AUDIENCE_KEYS: Record<ClassAudience, string> = {
  students: 'notices.audience.students',
  parents: 'notices.audience.parents',
  both: 'notices.audience.both',
};

/** Classes by grade, in the order the server lists them (the class choice of notices, events and homework). */
export function classOptions(classes: readonly Pick<NoticeClass, 'id' | 'name' | 'gradeName'>[]) {
  const grades = new Map<string, { value: number; label: string }[]>();
  for (const c of classes) {
    const list = grades.get(c.gradeName) ?? [];
    list.push({ value: c.id, label: c.name });
    grades.set(c.gradeName, list);
  }
  return [...grades].map(([grade, options]) => ({ label: grade, title: grade, options }));
}

/** The classes the caller may publish to, asked once per opening of the page. */
function useNoticeClasses() {
  const { kind, calls } = useRelease();
  return useQuery({ queryKey: ['homeSchool', `${kind}Classes`], queryFn: ({ signal }) => fetchNoticeClasses(signal, calls), staleTime: 60_000 });
}

/** At least one class, person, unit or role (the contract's refinement, shown on the classes field). */
/** Any form holding the recipient fields. */
type RecipientsForm = Pick<FormInstance, 'getFieldsValue'>;

function anyoneRule(form: RecipientsForm, message: string): RuleObject {
  return {
    validator: async () => {
      const { recipients, classIds } = form.getFieldsValue(true) as RecipientValues;
      if (!(recipients ?? '').trim() && !(classIds ?? []).length) throw new Error(message);
    },
  };
}

/**
 * Who receives a new notice: classes with their audience (students, parents or both) and, for holders of
 * `homeSchool:notice:all`, people, organisation units and roles through the Picker.
 */
export function RecipientsInput({ form }: { form: RecipientsForm }) {
  const { t } = useTranslation();
  const release = useRelease();
  const classes = useNoticeClasses();
  // With the Picker, classes are one way among others to choose recipients; without it, the only way.
  const pickAnyone = usePermission()({ permissions: [release.permissionAll] });
  const options = useMemo(() => classOptions(classes.data ?? []), [classes.data]);
  return (
    <>
      <Form.Item
        name="classIds"
        label={t('notices.classes')}
        required={!pickAnyone}
        dependencies={['recipients']}
        rules={[anyoneRule(form, t('homeSchool.recipientsRequired'))]}
        extra={!classes.isLoading && options.length === 0 ? t(kindKey(release, 'noClasses')) : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          loading={classes.isLoading}
          options={options}
          maxCount={NOTICE_CLASSES_MAX}
          placeholder={t('notices.classesPlaceholder')}
          optionFilterProp="label"
          data-testid="notice-form-classes"
        />
      </Form.Item>
      <Form.Item name="classAudience" label={t('notices.audience')}>
        <Radio.Group
          options={CLASS_AUDIENCES.map((value) => ({ value, label: <span data-testid={`notice-audience-${value}`}>{t(AUDIENCE_KEYS[value])}</span> }))}
          optionType="button"
        />
      </Form.Item>
      <PermissionGate permissions={[release.permissionAll]}>
        <Form.Item name="recipients" label={t('notices.people')} extra={t('notices.peopleHint')}>
          <Picker types={['people', 'org', 'role']} maxCollapse={10} />
        </Form.Item>
      </PermissionGate>
    </>
  );
}

/** The recipients of a published notice, which stay as they were (modify and view show them only). */
export function RecipientsSummary({ detail }: { detail: NoticeDetail }) {
  const { t } = useTranslation();
  return (
    <div className="notice-recipients" data-testid="notice-recipients">
      {detail.classes.length > 0 && (
        <div>
          <Typography.Text type="secondary">{t('notices.classes')}: </Typography.Text>
          <Space size={[4, 4]} wrap>
            {detail.classes.map((c) => (
              <Tag key={c.id}>{c.name}</Tag>
            ))}
            <Typography.Text type="secondary">({t(AUDIENCE_KEYS[detail.classAudience])})</Typography.Text>
          </Space>
        </div>
      )}
      {detail.recipientNames.length > 0 && (
        <div>
          <Typography.Text type="secondary">{t('notices.people')}: </Typography.Text>
          <Space size={[4, 4]} wrap>
            {detail.recipientNames.map((item) => (
              <Tag key={item.code}>{item.name}</Tag>
            ))}
          </Space>
        </div>
      )}
      <Typography.Text type="secondary">{t('notices.recipientTotal', { count: detail.recipientTotal })}</Typography.Text>
    </div>
  );
}
