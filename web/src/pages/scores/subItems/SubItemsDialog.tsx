import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Table, type FormInstance, type TableColumnsType } from 'antd';
import type { FormListFieldData, FormListProps, RuleObject } from 'antd/es/form';
import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { removeRowColumn } from '../../../components/ManagePage/index.ts';
import { useTranslation } from 'react-i18next';
import { SUB_ITEM_NAME_MAX, SUB_ITEMS_MAX, hasAtMostTwoDecimals, subItemsSaveSchema, type SubItemSubject, type SubItemsSave } from '@campus/contract';
import { feedback } from '../../../app/feedback.ts';
import { currentLanguage, t as translate } from '../../../i18n/index.ts';
import { saveSubItems } from './subItemCalls.ts';

/** One part in the form; its fields stay undefined until given. */
export interface PartValues {
  name?: string;
  maxScore?: number;
}

export interface PartsFormValues {
  items: PartValues[];
}

/** A catalogue key with its values. */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

/** A number as the page shows it: at most two decimals, no float noise (0.1 + 0.2 shows 0.3). */
export const showNumber = (value: number) => String(Math.round(value * 100) / 100);

/** The maxima given so far, added up (in hundredths, so that 33.33 + 33.33 + 33.34 is exactly 100). */
export const partsTotal = (items: readonly (PartValues | undefined)[] | undefined) =>
  (items ?? []).reduce((sum, item) => sum + (typeof item?.maxScore === 'number' ? Math.round(item.maxScore * 100) : 0), 0) / 100;

/** Whether the parts add up to the full mark (an empty list: the subject is scored as a whole). */
export const totalMatches = (items: readonly (PartValues | undefined)[] | undefined, fullMark: number) =>
  Math.round(partsTotal(items) * 100) === Math.round(fullMark * 100);

/** The body of the save call: names trimmed, the maxima as given (the schema refuses those missing). */
export function partsBody(batchId: number, courseId: number, items: readonly (PartValues | undefined)[] | undefined): SubItemsSave {
  return {
    batchId,
    courseId,
    items: (items ?? []).map((item) => ({ name: item?.name?.trim() ?? '', maxScore: item?.maxScore as number })),
  };
}

/**
 * The checks of the parts as a whole, as the server makes them: none or at least two, at most ten, names
 * once, and maxima (once all valid) adding up to the subject's full mark. The schema checks the list only
 * once every part is valid: mirrored here, they show as soon as the values involved are given.
 */
export function partsMessage(items: readonly (PartValues | undefined)[] | undefined, subject: Pick<SubItemSubject, 'courseName' | 'fullMark'>): Message | undefined {
  const list = items ?? [];
  if (!list.length) return undefined;
  if (list.length > SUB_ITEMS_MAX) return { key: 'scoreSub.tooMany' };
  if (list.length === 1) return { key: 'scoreSub.atLeastTwo' };
  const names = list.map((item) => item?.name?.trim() ?? '').filter(Boolean);
  if (new Set(names).size !== names.length) return { key: 'scoreSub.nameTwice' };
  const maxima = list.map((item) => item?.maxScore);
  const allGiven = maxima.every((value) => typeof value === 'number' && value > 0 && hasAtMostTwoDecimals(value));
  if (allGiven && !totalMatches(list, subject.fullMark)) {
    return { key: 'scoreSub.sumMismatch', values: { course: subject.courseName, sum: showNumber(partsTotal(list)), full: showNumber(subject.fullMark) } };
  }
  return undefined;
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((part, index) => part === b[index]);

/** A rule of a field or of the list (a validator, nothing else). */
type ValidatorRule = NonNullable<FormListProps['rules']>[number];

/** A cleared number goes as undefined (not null, which the schema would read as no number at all anyway). */
const noNull = (value: number | null | undefined) => value ?? undefined;

/** A new part: the maximum still missing to the full mark, when some is. */
export function newPart(items: readonly (PartValues | undefined)[] | undefined, fullMark: number): PartValues {
  const missing = Math.round((fullMark - partsTotal(items)) * 100) / 100;
  return missing > 0 && (items ?? []).every((item) => typeof item?.maxScore === 'number') ? { maxScore: missing } : {};
}

/** The parts a dialog opens with: the subject's, or two to fill in for a subject scored as a whole. */
export const initialParts = (subject: SubItemSubject): PartValues[] =>
  subject.items.length ? subject.items.map(({ name, maxScore }) => ({ name, maxScore })) : [{}, {}];

export interface SubItemsDialogProps {
  batchId: number;
  /** The subject whose parts are set, as it was when the dialog opened; null: closed. */
  subject: SubItemSubject | null;
  onClose: () => void;
  /** After a save the server accepted (the dialog closes). */
  onSaved: () => void;
  /** After the server refused (the dialog stays open with what was typed). */
  onRefused?: () => void;
}

/** Sets the parts of one subject: name and maximum of each, their total against the full mark, or none. */
export function SubItemsDialog({ batchId, subject, onClose, onSaved, onRefused }: SubItemsDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PartsFormValues>();
  const [saving, setSaving] = useState(false);
  // The subject stays shown while the dialog closes (its closing animation), until another opens.
  const [shown, setShown] = useState(subject);
  if (subject && subject !== shown) setShown(subject);

  useEffect(() => {
    if (!subject) return;
    form.resetFields();
    form.setFieldsValue({ items: initialParts(subject) });
  }, [subject, form]);

  const save = async () => {
    if (!subject) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const items = (form.getFieldValue('items') as PartValues[] | undefined) ?? [];
    setSaving(true);
    try {
      const msg = await saveSubItems(partsBody(batchId, subject.courseId, items));
      feedback().message.success(msg || t('subItemsPage.saved', { course: subject.courseName }));
      onSaved();
      onClose();
    } catch {
      // The request client has shown the server's message; what was typed stays to correct.
      onRefused?.();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!subject}
      title={shown ? t('subItemsPage.dialogTitle', { course: shown.courseName }) : ''}
      onCancel={onClose}
      width={currentLanguage() === 'en' ? 680 : 620}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="sub-items-cancel">
          {t('manage.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="sub-items-save">
          {t('manage.save')}
        </Button>,
      ]}
    >
      <div data-testid="sub-items-dialog">
        {shown && (
          <Form<PartsFormValues> form={form} layout="vertical" className="manage-form" preserve={false} onFinish={() => void save()}>
            <p className="sub-items-muted sub-items-dialog-intro">{t('subItemsPage.dialogIntro', { full: showNumber(shown.fullMark) })}</p>
            <PartsEditor form={form} batchId={batchId} subject={shown} />
          </Form>
        )}
      </div>
    </Modal>
  );
}

interface PartsEditorProps {
  form: FormInstance<PartsFormValues>;
  batchId: number;
  subject: SubItemSubject;
}

/** The parts as an editable table (name, maximum), added and removed, with their total against the full mark. */
function PartsEditor({ form, batchId, subject }: PartsEditorProps) {
  const { t } = useTranslation();
  const items = Form.useWatch<PartValues[] | undefined>('items', form);
  const total = partsTotal(items);
  const whole = !items?.length;
  const matches = totalMatches(items, subject.fullMark);

  // The list-as-a-whole message (names twice, a total off the full mark) clears as soon as it is put right.
  useEffect(() => {
    if (form.getFieldError(['items']).length) form.validateFields([['items']]).catch(() => undefined);
  }, [items, form]);

  /** The contract schema's message for exactly this path of the body, then the mirrored check. */
  const pathRule = (path: readonly PropertyKey[], mirror?: () => Message | undefined): ValidatorRule => ({
    validator: async () => {
      const result = subItemsSaveSchema.safeParse(partsBody(batchId, subject.courseId, form.getFieldValue('items') as PartValues[] | undefined));
      const issue = result.success ? undefined : result.error.issues.find((item) => samePath(item.path, path));
      const message = issue ? { key: issue.message } : mirror?.();
      if (message) throw new Error(translate(message.key, message.values));
    },
  });
  const listRule = pathRule(['items'], () => partsMessage(form.getFieldValue('items') as PartValues[] | undefined, subject));

  return (
    <Form.List name="items" rules={[listRule]}>
      {(fields, { add, remove }, { errors }) => {
        const rule = (field: FormListFieldData, part: keyof PartValues): RuleObject[] => [pathRule(['items', field.name, part]) as RuleObject];
        const columns: TableColumnsType<FormListFieldData> = [
          { key: 'index', title: '#', width: 44, align: 'center', render: (_, field) => <span className="sub-items-muted">{field.name + 1}</span> },
          {
            key: 'name',
            title: t('subItemsPage.partName'),
            render: (_, field) => (
              <Form.Item name={[field.name, 'name']} rules={rule(field, 'name')}>
                <Input maxLength={SUB_ITEM_NAME_MAX} placeholder={t('subItemsPage.namePlaceholder')} aria-label={t('subItemsPage.partName')} data-testid={`sub-item-name-${field.name}`} />
              </Form.Item>
            ),
          },
          {
            key: 'maxScore',
            title: t('subItemsPage.partMax'),
            width: 150,
            render: (_, field) => (
              <Form.Item name={[field.name, 'maxScore']} rules={rule(field, 'maxScore')} normalize={noNull}>
                <InputNumber min={0} max={1000} step={1} style={{ width: '100%' }} aria-label={t('subItemsPage.partMax')} data-testid={`sub-item-max-${field.name}`} />
              </Form.Item>
            ),
          },
          removeRowColumn(t('subItemsPage.removePart'), remove, 'sub-item-remove'),
        ];
        const totalClass = whole ? 'sub-items-total' : matches ? 'sub-items-total sub-items-total-ok' : 'sub-items-total sub-items-total-off';
        return (
          <div className="sub-items-parts" data-testid="sub-items-parts">
            <div className="sub-items-parts-head">
              <span className="sub-items-parts-label">{t('subItemsPage.col.parts')}</span>
              <span className={totalClass} data-testid="sub-items-total" data-matches={whole || matches ? 'true' : 'false'}>
                {whole ? t('subItemsPage.totalWhole', { full: showNumber(subject.fullMark) }) : t('subItemsPage.total', { sum: showNumber(total), full: showNumber(subject.fullMark) })}
              </span>
            </div>
            <Table<FormListFieldData>
              size="small"
              bordered
              rowKey="key"
              pagination={false}
              dataSource={fields}
              columns={columns}
              tableLayout="fixed"
              locale={{ emptyText: t('subItemsPage.noParts', { full: showNumber(subject.fullMark) }) }}
            />
            <Form.ErrorList errors={errors} />
            <div className="sub-items-parts-actions">
              <Button
                className="sub-items-parts-add"
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= SUB_ITEMS_MAX}
                onClick={() => add(newPart(form.getFieldValue('items') as PartValues[] | undefined, subject.fullMark))}
                data-testid="sub-items-add"
              >
                {t('subItemsPage.addPart')}
              </Button>
              <Button icon={<AppstoreOutlined />} disabled={!fields.length} onClick={() => form.setFieldValue('items', [])} data-testid="sub-items-whole">
                {t('subItemsPage.scoreWhole')}
              </Button>
            </div>
            <div className="sub-items-muted sub-items-parts-hint">{t('subItemsPage.partsHint', { max: SUB_ITEMS_MAX, length: SUB_ITEM_NAME_MAX })}</div>
          </div>
        );
      }}
    </Form.List>
  );
}
