import { useState } from 'react';
import { Alert, Button, Checkbox, Collapse, Select, Space, Switch, Table, Tooltip, type ButtonProps, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, EyeOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DivisionForm, DivisionPreview } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { feedback } from '../../../app/feedback.ts';
import { applyDivision, previewDivision } from '../../../api/admission.ts';
import { DivisionChart } from './DivisionChart.tsx';
import { ADMISSION_OPTIONS_KEY, genderLabel, refusalOf, scoreText, useAdmissionOptions } from './shared.ts';
import './admission.css';

type ClassRow = DivisionPreview['classes'][number];
type Placement = DivisionPreview['placements'][number];

/**
 * /fbgl/index, Class division (issue 16): the admitted registrations of an intake not yet enrolled are divided into
 * the chosen classes of their grade, balanced by gender and score. The office previews the division (per
 * class: students now, added, boys, girls, the added students' scores) and applies it; applying computes it
 * again on the server and places them, as Enrolment's placing does.
 */
export default function DivisionPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const options = useAdmissionOptions();
  const queryClient = useQueryClient();
  const [gradeId, setGradeId] = useState<number | null>(null);
  const [entryYear, setEntryYear] = useState<number | null>(null);
  const [classIds, setClassIds] = useState<number[]>([]);
  const [keepPlaced, setKeepPlaced] = useState(false);
  const [preview, setPreview] = useState<{ body: DivisionForm; result: DivisionPreview } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The latest intake until another is chosen.
  const year = entryYear ?? options.data?.years[0] ?? null;
  const gradeClasses = (options.data?.classes ?? []).filter((item) => item.gradeId === gradeId);

  /** Any change of the choice makes the preview stale. */
  const changed = () => {
    setPreview(null);
    setRefusal(null);
    setApplied(null);
  };

  const chooseGrade = (id: number | null) => {
    changed();
    setGradeId(id);
    // All the grade's classes by default.
    setClassIds((options.data?.classes ?? []).filter((item) => item.gradeId === id).map((item) => item.id));
  };

  const body = (): DivisionForm | null => {
    if (!gradeId) {
      feedback().message.warning(t('admission.gradeRequired'));
      return null;
    }
    if (!year) {
      feedback().message.warning(t('admission.yearRequired'));
      return null;
    }
    if (!classIds.length) {
      feedback().message.warning(t('division.classesRequired'));
      return null;
    }
    return { gradeId, entryYear: year, classIds, keepPlaced };
  };

  const runPreview = async () => {
    const form = body();
    if (!form) return;
    changed();
    setBusy(true);
    try {
      setPreview({ body: form, result: await previewDivision(form) });
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };

  const confirmApply = () => {
    if (!preview) return;
    const { body: form, result } = preview;
    feedback().modal.confirm({
      title: t('divisionPage.applyTitle'),
      content: t('divisionPage.applyConfirm', { count: result.placements.length, classes: result.classes.filter((item) => item.added > 0).length }),
      okText: t('divisionPage.apply'),
      cancelText: t('manage.cancel'),
      okButtonProps: { 'data-testid': 'division-apply-ok' } as ButtonProps,
      onOk: async () => {
        try {
          const msg = await applyDivision(form);
          feedback().message.success(msg);
          setPreview(null);
          setRefusal(null);
          setApplied(msg);
        } catch (error) {
          setRefusal(refusalOf(error));
        } finally {
          void queryClient.invalidateQueries({ queryKey: ADMISSION_OPTIONS_KEY });
        }
      },
    });
  };

  const classColumns: TableColumnsType<ClassRow> = [
    { key: 'className', dataIndex: 'className', title: t('divisionPage.col.class'), width: 120 },
    { key: 'current', dataIndex: 'current', title: t('divisionPage.col.current'), width: 76, align: 'right' },
    { key: 'added', dataIndex: 'added', title: t('divisionPage.col.added'), width: 76, align: 'right', render: (value: number, row) => <span data-testid={`division-added-${row.classId}`}>{value}</span> },
    { key: 'boys', dataIndex: 'boys', title: t('divisionPage.col.boys'), width: 68, align: 'right' },
    { key: 'girls', dataIndex: 'girls', title: t('divisionPage.col.girls'), width: 68, align: 'right' },
    { key: 'average', dataIndex: 'average', title: t('divisionPage.col.average'), width: 80, align: 'right', render: scoreText },
    { key: 'highest', dataIndex: 'highest', title: t('divisionPage.col.highest'), width: 80, align: 'right', render: scoreText },
    { key: 'lowest', dataIndex: 'lowest', title: t('divisionPage.col.lowest'), width: 80, align: 'right', render: scoreText },
  ];

  const placementColumns: TableColumnsType<Placement> = [
    { key: 'name', dataIndex: 'name', title: t('divisionPage.col.name'), width: 120 },
    { key: 'gender', dataIndex: 'gender', title: t('divisionPage.col.gender'), width: 80, render: (code: string) => genderLabel(code, t) },
    { key: 'entranceScore', dataIndex: 'entranceScore', title: t('divisionPage.col.score'), width: 110, align: 'right', render: scoreText },
    { key: 'className', dataIndex: 'className', title: t('divisionPage.col.class'), width: 140 },
  ];

  const result = preview?.result;

  return (
    <div className="manage-page division-page" data-testid="division-page">
      <div className="division-form" data-testid="division-form">
        <div className="campus-query-header-title">{routeTitle(route, i18n.language)}</div>
        <div className="division-form-row">
          <label className="division-field">
            <span className="division-field-label">{t('divisionPage.grade')}</span>
            <Select<number>
              allowClear
              value={gradeId ?? undefined}
              options={(options.data?.grades ?? []).map((grade) => ({ value: grade.id, label: grade.name }))}
              onChange={(value) => chooseGrade(value ?? null)}
              placeholder={t('admission.gradeRequired')}
              style={{ width: 140 }}
              data-testid="division-grade"
            />
          </label>
          <label className="division-field">
            <span className="division-field-label">{t('divisionPage.entryYear')}</span>
            <Select<number>
              value={year ?? undefined}
              options={(options.data?.years ?? []).map((value) => ({ value, label: String(value) }))}
              onChange={(value) => {
                changed();
                setEntryYear(value);
              }}
              placeholder={t('admission.yearRequired')}
              style={{ width: 110 }}
              data-testid="division-year"
            />
          </label>
          <span className="division-field">
            <Switch
              checked={keepPlaced}
              onChange={(checked) => {
                changed();
                setKeepPlaced(checked);
              }}
              aria-label={t('divisionPage.keepPlaced')}
              data-testid="division-keep"
            />
            <span>{t('divisionPage.keepPlaced')}</span>
            <Tooltip title={t('divisionPage.keepPlacedHint')}>
              <QuestionCircleOutlined className="division-muted" aria-label={t('divisionPage.keepPlacedHint')} />
            </Tooltip>
          </span>
        </div>
        <div className="division-classes">
          <span className="division-field-label">{t('divisionPage.classes')}</span>
          {!gradeId ? (
            <span className="division-muted">{t('divisionPage.chooseGrade')}</span>
          ) : !gradeClasses.length ? (
            <span className="division-muted" data-testid="division-no-classes">
              {t('divisionPage.noClasses')}
            </span>
          ) : (
            <Space orientation="vertical" size={4}>
              <Checkbox
                checked={classIds.length === gradeClasses.length}
                indeterminate={classIds.length > 0 && classIds.length < gradeClasses.length}
                onChange={(event) => {
                  changed();
                  setClassIds(event.target.checked ? gradeClasses.map((item) => item.id) : []);
                }}
                data-testid="division-classes-all"
              >
                {t('divisionPage.allClasses')}
              </Checkbox>
              <Checkbox.Group<number>
                value={classIds}
                options={gradeClasses.map((item) => ({ value: item.id, label: t('divisionPage.classOption', { name: item.name, students: item.students }) }))}
                onChange={(values) => {
                  changed();
                  setClassIds(values);
                }}
                data-testid="division-classes"
              />
            </Space>
          )}
        </div>
        <p className="division-muted">{t('divisionPage.rule')}</p>
        <Space wrap>
          <Button type="primary" icon={<EyeOutlined />} loading={busy} onClick={() => void runPreview()} data-testid="division-preview">
            {t('divisionPage.preview')}
          </Button>
          <Button icon={<CheckCircleOutlined />} disabled={!result?.placements.length} onClick={confirmApply} data-testid="division-apply">
            {t('divisionPage.apply')}
          </Button>
        </Space>
      </div>
      {refusal && <Alert type="warning" showIcon title={refusal} data-testid="division-refusal" />}
      {applied && <Alert type="success" showIcon title={applied} data-testid="division-applied" />}
      {result ? (
        <div className="division-result" data-testid="division-result">
          <div className="admission-summary">
            <div className="admission-summary-item">
              <span className="admission-summary-label">{t('divisionPage.placedCount')}</span>
              <span className="admission-summary-value" data-testid="division-count">
                {result.placements.length}
              </span>
            </div>
            <div className="admission-summary-item">
              <span className="admission-summary-label">
                {t('divisionPage.spread')}{' '}
                <Tooltip title={t('divisionPage.spreadHint')}>
                  <QuestionCircleOutlined aria-label={t('divisionPage.spreadHint')} />
                </Tooltip>
              </span>
              <span className="admission-summary-value" data-testid="division-spread">
                {scoreText(result.averageSpread)}
              </span>
            </div>
          </div>
          <div className="division-body">
            <Table<ClassRow>
              className="division-table"
              size="small"
              rowKey="classId"
              columns={classColumns}
              dataSource={result.classes}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="division-classes-table"
            />
            <div className="division-chart">
              <DivisionChart classes={result.classes} label={t('divisionPage.chart')} series={t('divisionPage.chartSeries')} />
            </div>
          </div>
          <Collapse
            items={[
              {
                key: 'placements',
                label: t('divisionPage.placements', { count: result.placements.length }),
                children: (
                  <Table<Placement>
                    size="small"
                    rowKey="id"
                    columns={placementColumns}
                    dataSource={result.placements}
                    pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
                    scroll={{ x: 'max-content' }}
                    data-testid="division-placements"
                  />
                ),
              },
            ]}
            data-testid="division-placements-panel"
          />
        </div>
      ) : (
        !refusal && !applied && <p className="division-muted">{t('divisionPage.empty')}</p>
      )}
    </div>
  );
}
