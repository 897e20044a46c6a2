import { useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { createDaySchool } from '../../../api/certificates.ts';
import type { ApplicationListRow } from '../../../api/leave.ts';
import { feedback } from '../../../app/feedback.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useLinkedItem } from '../../homeSchool/common/receivedItems.ts';
import { ApplicationDetail, applicationKey, type DetailFact } from '../common/ApplicationDetail.tsx';
import { CertificateCell, CertificateSection, certificateFacts, DateRange, Guardian, transportLabel } from '../common/CertificateParts.tsx';
import { MyApplicationsList } from '../common/MyApplicationsList.tsx';
import { useApplicantChildren } from '../common/useApplicantChildren.ts';
import { DaySchoolForm, daySchoolBody, daySchoolFormValues, type DaySchoolFormValues } from './DaySchoolForm.tsx';
import '../common/applications.css';

/**
 * /sqsp/zdsq, Day-school application: a parent applies for a child to live at home for a period (a student for
 * themselves): the dates, the home address, who brings and fetches the student and how they come. The list of
 * one's applications with the status filter, withdrawing a pending one, and once approved the day-school permit
 * (a certificate: serial number, PDF, verification page). A message's link (`?id=`) opens that application.
 */
export default function DaySchoolPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const table = usePagedTable<ApplicationListRow>();
  const { parent, children, chosen, choose, ready } = useApplicantChildren('daySchool');
  const [openId, setOpenId] = useLinkedItem(route.path);
  const [applying, setApplying] = useState(false);
  const initialValues = useMemo(() => daySchoolFormValues(chosen), [chosen]);

  const changed = () => {
    table.current?.reload();
    if (openId !== null) void client.invalidateQueries({ queryKey: applicationKey('daySchool', openId) });
  };

  const apply = async (values: DaySchoolFormValues) => {
    const answer = await createDaySchool(daySchoolBody(values, parent));
    feedback().message.success(answer.msg || t('application.status.pending'));
    if (parent && values.studentId) choose(values.studentId);
    table.current?.reload();
  };

  const columns: PagedColumn<ApplicationListRow>[] = [
    {
      key: 'dates',
      title: t('daySchoolPage.dates'),
      width: 230,
      render: (_: unknown, row) => (
        <span className="application-cell">
          <span className="application-row-title">
            <DateRange details={row.details} />
          </span>
          {parent && row.subjectName && <Typography.Text type="secondary">{row.subjectName}</Typography.Text>}
        </span>
      ),
    },
    { key: 'transport', title: t('daySchoolPage.transport'), width: 120, render: (_: unknown, row) => transportLabel(t, row.details.transport) },
    { key: 'guardian', title: t('daySchoolPage.guardian'), width: 200, render: (_: unknown, row) => <Guardian details={row.details} /> },
    { key: 'address', title: t('daySchoolPage.address'), width: 200, ellipsis: true, render: (_: unknown, row) => row.details.address },
    { key: 'certificate', title: t('certificateInfo.title'), width: 200, render: (_: unknown, row) => <CertificateCell row={row} /> },
  ];

  const facts = (application: ApplicationView): DetailFact[] => [
    { key: 'person', label: t('certificatePage.person'), value: application.className ? `${application.subjectName} · ${application.className}` : application.subjectName },
    ...certificateFacts(t, application),
    { key: 'reason', label: t('daySchoolPage.reason'), value: <div className="application-text">{application.reason}</div> },
  ];

  return (
    <div className={`application-page${phone ? ' is-phone' : ''}`} data-testid="day-school-page">
      <MyApplicationsList
        kind="daySchool"
        table={table}
        title={routeTitle(route, i18n.language)}
        applyLabel={t('daySchoolPage.apply')}
        onApply={() => setApplying(true)}
        studentId={chosen}
        ready={ready}
        columns={columns}
        showTime={false}
        card={(row) => ({
          title: (
            <>
              <DateRange details={row.details} />
              {parent && row.subjectName && <Typography.Text type="secondary"> · {row.subjectName}</Typography.Text>}
            </>
          ),
          body: (
            <>
              <span className="application-card-line">
                {transportLabel(t, row.details.transport)}
                {row.details.guardian && (
                  <>
                    {' · '}
                    <Guardian details={row.details} />
                  </>
                )}
              </span>
              {row.details.address && <div className="application-card-reason">{row.details.address}</div>}
              <CertificateCell row={row} variant="button" />
            </>
          ),
        })}
        emptyText={t('daySchoolPage.empty')}
        before={parent && children.length > 0 ? <ChildChooser items={children} value={chosen} onChange={choose} phone={phone} label={t('certificatePage.child')} testIdPrefix="day-school" /> : undefined}
        onOpen={(row) => setOpenId(row.id)}
        onChanged={changed}
      />
      <FormDialog<DaySchoolFormValues>
        open={applying}
        mode="add"
        title={t('daySchoolPage.formTitle')}
        initialValues={initialValues}
        onClose={() => setApplying(false)}
        onSubmit={apply}
        okText={t('application.submit')}
        width={phone ? undefined : 640}
        data-testid="day-school-dialog"
      >
        {(form) => <DaySchoolForm form={form} parent={parent} childOptions={children} />}
      </FormDialog>
      <ApplicationDetail
        kind="daySchool"
        id={openId}
        title={t('daySchoolPage.detailTitle')}
        facts={facts}
        showImages={false}
        extra={(application) => <CertificateSection application={application} phone={phone} />}
        onClose={() => setOpenId(null)}
        onChanged={() => table.current?.reload()}
      />
    </div>
  );
}
