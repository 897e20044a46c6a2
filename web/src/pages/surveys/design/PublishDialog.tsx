import { useMemo, useState } from 'react';
import { Button, Form, Modal, QRCode, Radio, Select, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLASS_AUDIENCES, SURVEY_PERMISSIONS, type ClassAudience, type SurveyRow } from '@campus/contract';
import { fetchSurveyClasses, publicSurveyUrl, publishSurvey, surveyKeys } from '../../../api/surveys.ts';
import { feedback } from '../../../app/feedback.ts';
import { Picker } from '../../../components/Picker/index.ts';
import { PermissionGate } from '../../../components/PermissionGate/index.ts';

interface PublishValues {
  classIds?: number[];
  classAudience: ClassAudience;
  recipients?: string;
  isPublic: boolean;
}

/**
 * Publishing: to classes (their students, parents or both, as notices reach them), to the Picker's people,
 * units and roles (the administrators' right), and/or publicly by a link and its QR code. Each recipient
 * gets a message leading to the survey.
 */
export function PublishDialog({ survey, onClose, onPublished }: { survey: SurveyRow | null; onClose: () => void; onPublished: (publicKey: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PublishValues>();
  const [saving, setSaving] = useState(false);
  const classes = useQuery({ queryKey: surveyKeys.classes, queryFn: ({ signal }) => fetchSurveyClasses(signal), enabled: !!survey, staleTime: 60_000 });
  const options = useMemo(() => {
    const grades = new Map<string, { value: number; label: string }[]>();
    for (const c of classes.data ?? []) grades.set(c.gradeName, [...(grades.get(c.gradeName) ?? []), { value: c.id, label: c.name }]);
    return [...grades].map(([grade, list]) => ({ label: grade, title: grade, options: list }));
  }, [classes.data]);

  const publish = async () => {
    const values = form.getFieldsValue(true) as PublishValues;
    if (!values.isPublic && !(values.classIds ?? []).length && !(values.recipients ?? '').trim()) {
      feedback().message.warning(t('survey.audienceRequired'));
      return;
    }
    setSaving(true);
    try {
      const result = await publishSurvey({ id: survey!.id, classIds: values.classIds ?? [], classAudience: values.classAudience, recipients: values.recipients ?? '', isPublic: values.isPublic });
      feedback().message.success(result.recipientTotal ? t('surveys.publishedTo', { count: result.recipientTotal }) : t('surveys.publishedPublic'));
      onPublished(result.publicKey);
      onClose();
    } catch {
      // The request client has shown why (no right, nobody reached, already published).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!survey}
      title={t('surveys.publishTitle', { title: survey?.title ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('manage.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void publish()} data-testid="survey-publish-ok">
          {t('surveys.publish')}
        </Button>,
      ]}
    >
      <Form form={form} layout="vertical" initialValues={{ classAudience: 'parents', isPublic: false, classIds: [], recipients: '' }} data-testid="survey-publish-dialog">
        <Form.Item name="isPublic" label={t('surveys.publicLabel')} valuePropName="checked" extra={t('surveys.publicHint')}>
          <Switch data-testid="survey-publish-public" />
        </Form.Item>
        <Form.Item name="classIds" label={t('surveys.classes')}>
          <Select mode="multiple" allowClear loading={classes.isLoading} options={options} optionFilterProp="label" placeholder={t('surveys.classesPlaceholder')} data-testid="survey-publish-classes" />
        </Form.Item>
        <Form.Item name="classAudience" label={t('surveys.audience')}>
          <Radio.Group optionType="button" options={CLASS_AUDIENCES.map((value) => ({ value, label: t(`surveys.audience.${value}`) }))} />
        </Form.Item>
        <PermissionGate permissions={[SURVEY_PERMISSIONS.all]}>
          <Form.Item name="recipients" label={t('surveys.people')}>
            <Picker types={['people', 'org', 'role']} maxCollapse={10} />
          </Form.Item>
        </PermissionGate>
      </Form>
    </Modal>
  );
}

/** The public link of a survey and its QR code: a phone scans it and answers without signing in. */
export function ShareDialog({ publicKey, title, onClose }: { publicKey: string | null; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const url = publicKey ? publicSurveyUrl(publicKey) : '';
  return (
    <Modal open={!!publicKey} title={t('surveys.shareTitle', { title })} onCancel={onClose} footer={<Button onClick={onClose} data-testid="survey-share-close">{t('manage.close')}</Button>} destroyOnHidden>
      <div className="survey-share" data-testid="survey-share" data-url={url}>
        <QRCode value={url || '-'} size={220} data-testid="survey-share-qr" />
        <Typography.Paragraph copyable={{ text: url }} className="survey-share-link" data-testid="survey-share-link">
          {url}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('surveys.shareHint')}</Typography.Text>
      </div>
    </Modal>
  );
}
