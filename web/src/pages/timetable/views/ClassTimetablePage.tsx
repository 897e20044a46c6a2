import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../registry.ts';
import { TimetableView } from '../../../components/Timetable/index.ts';
import { ClassSelect } from '../../records/students/ClassSelect.tsx';
import { local } from '../../../state/storage.ts';
import './timetablePages.css';

const LAST_CLASS_KEY = 'campus.timetable.class';

const lastClass = (): string => local.get(LAST_CLASS_KEY) ?? '';

/**
 * /kbgl/bjkb class timetable: the timetable of a class chosen from the classes the user may see
 * (POST /api/classes/list, searchable by name or class number); the last one chosen is remembered.
 * Teacher names in the cells open the staff profile.
 */
export default function ClassTimetablePage(_props: PageProps) {
  const { t } = useTranslation();
  const [bh, setBh] = useState(lastClass);

  return (
    <div className="timetable-page" data-testid="class-timetable-page">
      <div className="timetable-page-head">
        <div className="timetable-page-title">
          <span>{t('timetable.classTimetable')}</span>
          {bh ? (
            <span className="timetable-page-sub" data-testid="timetable-class-number">
              {bh}
            </span>
          ) : null}
        </div>
        <Space wrap className="timetable-page-controls">
          <ClassSelect
            value={bh || undefined}
            onChange={(value) => {
              const next = value ?? '';
              setBh(next);
              if (next) local.set(LAST_CLASS_KEY, next);
            }}
            placeholder={t('timetable.chooseClass')}
            style={{ width: 280 }}
            data-testid="timetable-class-select"
          />
        </Space>
      </div>
      <TimetableView target={bh ? { kind: 'class', bh } : null} />
    </div>
  );
}
