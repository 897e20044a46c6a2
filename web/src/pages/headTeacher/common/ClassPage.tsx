import { useState, type ReactNode } from 'react';
import { Button, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HEAD_TEACHER_URLS, type HeadTeacherClass } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { session } from '../../../state/storage.ts';
import { fetchClasses, headTeacherKeys } from '../api.ts';
import './headTeacher.css';

const CHOSEN_CLASS_KEY = 'campus.headTeacher.class';

/**
 * The class every page of the area is about: the class teacher's own (a chooser when they lead several),
 * an administrator's choice of any class (read-only). The choice is kept for the session, so the pages
 * opened from Class work show the same class.
 */
export function useHeadTeacherClass() {
  const classes = useQuery({ queryKey: headTeacherKeys.classes, queryFn: ({ signal }) => fetchClasses(signal), retry: false });
  const [chosen, setChosen] = useState<number | null>(() => Number(session.get(CHOSEN_CLASS_KEY)) || null);
  const list = classes.data ?? [];
  const cls = list.find((item) => item.id === chosen) ?? list[0];
  const choose = (id: number) => {
    session.set(CHOSEN_CLASS_KEY, String(id));
    setChosen(id);
  };
  return { classes: list, cls, choose, pending: classes.isPending, error: classes.error };
}

export interface ClassPageProps extends PageProps {
  /** The pages opened from Class work show a way back to it. */
  fromHub?: boolean;
  /** Buttons on the bar's right. */
  extra?: (cls: HeadTeacherClass) => ReactNode;
  children: (cls: HeadTeacherClass) => ReactNode;
  'data-testid': string;
}

/** A page of the area: its title, the class chooser, a read-only mark for administrators, then the page. */
export function ClassPage({ route, fromHub, extra, children, 'data-testid': testId }: ClassPageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { classes, cls, choose, pending, error } = useHeadTeacherClass();
  if (pending) {
    return (
      <div className="ht-loading">
        <Spin />
      </div>
    );
  }
  if (!cls) {
    return <Result status="403" title={t('htUi.noClassTitle')} subTitle={error?.message || t('htUi.noClass')} data-testid={`${testId}-refused`} />;
  }
  return (
    <div className="ht-page" data-testid={testId}>
      <div className="ht-bar">
        <Space wrap align="center">
          {fromHub && (
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => void navigate(HEAD_TEACHER_URLS.work)} title={t('htUi.backToWork')} aria-label={t('htUi.backToWork')} data-testid="ht-back" />
          )}
          <Typography.Title level={4} className="ht-title">
            {routeTitle(route, i18n.language)}
          </Typography.Title>
          {classes.length > 1 ? (
            <Select
              value={cls.id}
              onChange={choose}
              showSearch
              optionFilterProp="label"
              options={classes.map((item) => ({ value: item.id, label: item.editable || !item.teacherName ? item.name : `${item.name}（${item.teacherName}）` }))}
              style={{ minWidth: 220 }}
              aria-label={t('htUi.chooseClass')}
              data-testid="ht-class-select"
            />
          ) : (
            <Tag color="green" data-testid="ht-class-name">
              {cls.name}
            </Tag>
          )}
          {!cls.editable && <Tag data-testid="ht-read-only">{t('htUi.readOnly')}</Tag>}
        </Space>
        {extra && <Space wrap>{extra(cls)}</Space>}
      </div>
      {children(cls)}
    </div>
  );
}
