import { useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationView } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { createCertificate, type CertificateApplicationKind } from '../../../api/certificates.ts';
import type { ApplicationListRow } from '../../../api/leave.ts';
import { feedback } from '../../../app/feedback.ts';
import { ChildChooser } from '../../../components/ChildChooser/index.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useLinkedItem } from '../../homeSchool/common/receivedItems.ts';
import { ApplicationDetail, applicationKey, type DetailFact } from '../common/ApplicationDetail.tsx';
import { CertificateCell, CertificateSection, certificateFacts, englishLabel, Terms } from '../common/CertificateParts.tsx';
import { MyApplicationsList } from '../common/MyApplicationsList.tsx';
import { useApplicantChildren } from '../common/useApplicantChildren.ts';
import { CertificateForm, certificateBody, certificateFormValues, type CertificateFormValues } from './CertificateForm.tsx';
import '../common/applications.css';

export interface CertificatePageProps extends PageProps {
  kind: CertificateApplicationKind;
}

/**
 * /sqsp/zdzm (enrolment certificate) and /sqsp/cjzm (grade certificate): a parent applies for a child's
 * certificate (a student for their own) with its purpose, an English page if wanted and, for grades, the
 * terms; the list of one's applications with the status filter, withdrawing a pending one, and once approved
 * the certificate's serial number, its PDF and its verification page. A message's link (`?id=`) opens one.
 */
export function CertificatePage({ route, kind }: CertificatePageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const table = usePagedTable<ApplicationListRow>();
  const { parent, children, chosen, choose, ready } = useApplicantChildren(kind);
  const [openId, setOpenId] = useLinkedItem(route.path);
  const [applying, setApplying] = useState(false);
  const initialValues = useMemo(() => certificateFormValues(chosen), [chosen]);
  const grade = kind === 'grade';

  const changed = () => {
    table.current?.reload();
    if (openId !== null) void client.invalidateQueries({ queryKey: applicationKey(kind, openId) });
  };

  const apply = async (values: CertificateFormValues) => {
    const answer = await createCertificate(kind, certificateBody(kind, values, parent));
    feedback().message.success(answer.msg || t('application.status.pending'));
    if (parent && values.studentId) choose(values.studentId);
    table.current?.reload();
  };

  const columns: PagedColumn<ApplicationListRow>[] = [
    {
      key: 'purpose',
      title: t('certificatePage.purpose'),
      width: 220,
      render: (_: unknown, row) => (
        <span className="application-cell">
          <span className="application-row-title">{row.details.purpose}</span>
          {parent && row.subjectName && <Typography.Text type="secondary">{row.subjectName}</Typography.Text>}
        </span>
      ),
    },
    ...(grade ? [{ key: 'terms', title: t('certificatePage.terms'), width: 110, render: (_: unknown, row: ApplicationListRow) => <Terms row={row} /> }] : []),
    { key: 'english', title: t('certificatePage.english'), width: 100, render: (_: unknown, row) => englishLabel(t, row.details.english) },
    { key: 'certificate', title: t('certificateInfo.title'), width: 220, render: (_: unknown, row) => <CertificateCell row={row} /> },
  ];

  const facts = (application: ApplicationView): DetailFact[] => [
    { key: 'person', label: t('certificatePage.person'), value: application.className ? `${application.subjectName} · ${application.className}` : application.subjectName },
    ...certificateFacts(t, application),
    ...(application.reason ? [{ key: 'reason', label: t('certificatePage.reason'), value: <div className="application-text">{application.reason}</div> }] : []),
  ];

  return (
    <div className={`application-page${phone ? ' is-phone' : ''}`} data-testid={`${kind}-certificate-page`}>
      <MyApplicationsList
        kind={kind}
        table={table}
        title={routeTitle(route, i18n.language)}
        applyLabel={t(`certificatePage.apply.${kind}`)}
        onApply={() => setApplying(true)}
        studentId={chosen}
        ready={ready}
        columns={columns}
        showTime={false}
        card={(row) => ({
          title: (
            <>
              {row.details.purpose}
              {parent && row.subjectName && <Typography.Text type="secondary"> · {row.subjectName}</Typography.Text>}
            </>
          ),
          body: (
            <>
              <span className="application-card-line">
                {t('certificatePage.englishLine', { value: englishLabel(t, row.details.english) })}
                {grade && (
                  <>
                    {' · '}
                    <Terms row={row} />
                  </>
                )}
              </span>
              <CertificateCell row={row} variant="button" />
            </>
          ),
        })}
        emptyText={t(`certificatePage.empty.${kind}`)}
        before={parent && children.length > 0 ? <ChildChooser items={children} value={chosen} onChange={choose} phone={phone} label={t('certificatePage.child')} testIdPrefix="certificate" /> : undefined}
        onOpen={(row) => setOpenId(row.id)}
        onChanged={changed}
      />
      <FormDialog<CertificateFormValues>
        open={applying}
        mode="add"
        title={t(`certificatePage.formTitle.${kind}`)}
        initialValues={initialValues}
        onClose={() => setApplying(false)}
        onSubmit={apply}
        okText={t('application.submit')}
        width={phone ? undefined : 600}
        data-testid="certificate-dialog"
      >
        {(form) => <CertificateForm kind={kind} form={form} parent={parent} childOptions={children} />}
      </FormDialog>
      <ApplicationDetail
        kind={kind}
        id={openId}
        title={t(`certificatePage.detailTitle.${kind}`)}
        facts={facts}
        showImages={false}
        extra={(application) => <CertificateSection application={application} phone={phone} />}
        onClose={() => setOpenId(null)}
        onChanged={() => table.current?.reload()}
      />
    </div>
  );
}

/** /sqsp/zdzm, Enrolment certificate. */
export function EnrolmentCertificatePage({ route }: PageProps) {
  return <CertificatePage route={route} kind="enrolment" />;
}

/** /sqsp/cjzm, Grade certificate. */
export function GradeCertificatePage({ route }: PageProps) {
  return <CertificatePage route={route} kind="grade" />;
}

export default EnrolmentCertificatePage;
