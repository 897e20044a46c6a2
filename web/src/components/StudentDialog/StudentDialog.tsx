import { useEffect, useState } from 'react';
import { Button, Descriptions, Empty, Modal, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchStudentInfo, type StudentInfo } from '../../api/students.ts';
import { TimetableView } from '../Timetable/TimetableView.tsx';
import { TeacherLink } from '../StaffDialog/TeacherLink.tsx';
import { Photo } from './Photo.tsx';
import { dialogWidth } from './dialogWidth.ts';
import './dialog.css';

export type StudentTab = 'basic' | 'timetable';

export interface StudentDialogProps {
  open: boolean;
  /** The student account (ZH). */
  zh: string;
  onClose: () => void;
  /** The name and photo (its API path) already known (e.g. the signed-in user's), shown until the call answers. */
  name?: string;
  photo?: string;
  defaultTab?: StudentTab;
}

/**
 * The student-information dialog (spec section 2): a basic-information tab with the photo (or a 'no photo'
 * text) and a timetable tab; a back button; 650 px wide, 810 px in English. Each opening loads afresh.
 */
export function StudentDialog({ open, zh, onClose, name, photo, defaultTab = 'basic' }: StudentDialogProps) {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<StudentInfo | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState<StudentTab>(defaultTab);
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    if (!open || !zh) return;
    const controller = new AbortController();
    setInfo(undefined);
    setActive(defaultTab);
    setOpening((n) => n + 1);
    setLoading(true);
    fetchStudentInfo(zh, controller.signal)
      .then((data) => setInfo(data))
      .catch((error) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setInfo(null);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // defaultTab only matters at the moment of opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, zh]);

  const shownName = info?.XM || name || zh;
  const photoPath = info ? info.IMG : (photo ?? '');
  const value = (v: unknown) => (v === undefined || v === null || v === '' ? <span className="campus-muted">-</span> : String(v));
  // The timetable asks for the student number once known (the account otherwise).
  const xh = info?.XH || (info === null ? zh : '');

  const basic = (
    <Spin spinning={loading}>
      {info === null ? (
        <Empty description={t('studentDialog.noData')} />
      ) : (
        <div className="campus-profile" data-testid="student-basic">
          <Photo path={photoPath} alt={shownName} emptyText={t('studentDialog.noPhoto')} data-testid="student-photo" />
          <Descriptions column={i18n.language === 'en' ? 1 : 2} size="small" bordered>
            <Descriptions.Item label={t('studentDialog.name')}>{value(info?.XM ?? name)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.xh')}>{value(info?.XH)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.zh')}>{value(info?.ZH ?? zh)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.gender')}>{value(info?.XBMC)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.age')}>{value(info?.NL)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.entryYear')}>{value(info?.NF)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.className')}>{value(info?.XZBMC)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.classNumber')}>{value(info?.BH)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.classTeacher')}>
              {info?.BZRMC ? <TeacherLink zgh={info.BZRZGH} name={info.BZRMC} /> : value('')}
            </Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.inSchool')}>{value(info?.ZXZT)}</Descriptions.Item>
            <Descriptions.Item label={t('studentDialog.enrolment')}>{value(info?.XJZT)}</Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Spin>
  );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('studentDialog.title', { name: shownName })}
      width={dialogWidth(i18n.language)}
      className="campus-profile-dialog"
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="student-dialog-back">
          {t('studentDialog.back')}
        </Button>
      }
    >
      <div data-testid="student-dialog-body" data-zh={zh}>
        <Tabs
          key={opening}
          activeKey={active}
          onChange={(key) => setActive(key as StudentTab)}
          items={[
            { key: 'basic', label: <span data-testid="student-tab-basic">{t('studentDialog.tab.basic')}</span>, children: basic },
            {
              key: 'timetable',
              label: <span data-testid="student-tab-timetable">{t('studentDialog.tab.timetable')}</span>,
              // The dialog keeps the spec's width; a wider week scrolls inside it rather than past the screen.
              children: xh ? (
                <div className="campus-profile-timetable" data-testid="student-dialog-timetable">
                  <TimetableView target={{ kind: 'student', xh }} />
                </div>
              ) : <Spin spinning={loading}><Empty description={t('studentDialog.noData')} /></Spin>,
            },
          ]}
        />
      </div>
    </Modal>
  );
}

export default StudentDialog;
