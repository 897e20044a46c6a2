import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { travelCreateSchema, type ApplicationView } from '@campus/contract';
import type { PageProps } from '../../registry.ts';
import { routeTitle } from '../../../app/menuRoutes.ts';
import { createTravel, type ApplicationListRow } from '../../../api/leave.ts';
import { feedback } from '../../../app/feedback.ts';
import { FormDialog } from '../../../components/ManagePage/index.ts';
import { usePagedTable, type PagedColumn } from '../../../components/PagedTable/index.ts';
import { usePhone } from '../../../hooks/usePhone.ts';
import { useLinkedItem } from '../../homeSchool/common/receivedItems.ts';
import { ApplicationDetail, type DetailFact } from '../common/ApplicationDetail.tsx';
import { TimeRange } from '../common/ApplicationParts.tsx';
import { MyApplicationsList } from '../common/MyApplicationsList.tsx';
import { TravelForm, TRAVEL_FORM_VALUES, type TravelFormValues } from './TravelForm.tsx';
import '../common/applications.css';

/**
 * /sqsp/wcsq, Travel application: a staff member's travel applications with the status filter; applying (destination,
 * time, companions, reason, pictures), withdrawing a pending one; a message's link (`?id=`) opens one.
 */
export default function TravelPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const client = useQueryClient();
  const table = usePagedTable<ApplicationListRow>();
  const [openId, setOpenId] = useLinkedItem(route.path);
  const [applying, setApplying] = useState(false);

  const apply = async (values: TravelFormValues) => {
    const answer = await createTravel(travelCreateSchema.parse(values));
    feedback().message.success(answer.msg || t('application.status.pending'));
    table.current?.reload();
  };

  const columns: PagedColumn<ApplicationListRow>[] = [
    { key: 'destination', dataIndex: 'destination', title: t('travelPage.destination'), width: 180, render: (value: string) => <span className="application-row-title">{value}</span> },
    { key: 'follower', dataIndex: 'follower', title: t('travelPage.follower'), width: 140, ellipsis: true },
    { key: 'reason', dataIndex: 'reason', title: t('travelPage.reason'), width: 220, ellipsis: true },
  ];

  const facts = (application: ApplicationView): DetailFact[] => [
    { key: 'destination', label: t('travelPage.destination'), value: application.destination },
    { key: 'time', label: t('travelPage.time'), value: <TimeRange row={application} /> },
    { key: 'follower', label: t('travelPage.follower'), value: application.follower },
    { key: 'reason', label: t('travelPage.reason'), value: <div className="application-text">{application.reason}</div> },
  ];

  return (
    <div className={`application-page${phone ? ' is-phone' : ''}`} data-testid="travel-page">
      <MyApplicationsList
        kind="travel"
        table={table}
        title={routeTitle(route, i18n.language)}
        applyLabel={t('travelPage.apply')}
        onApply={() => setApplying(true)}
        studentId={null}
        ready
        columns={columns}
        card={(row) => ({
          title: row.destination,
          body: (
            <>
              {row.follower && <span className="application-card-line">{t('travelPage.follower')}: {row.follower}</span>}
              {row.reason && <div className="application-card-reason">{row.reason}</div>}
            </>
          ),
        })}
        emptyText={t('travelPage.empty')}
        onOpen={(row) => setOpenId(row.id)}
        onChanged={() => {
          table.current?.reload();
          if (openId !== null) void client.invalidateQueries({ queryKey: ['applications', 'travel', 'detail', openId] });
        }}
      />
      <FormDialog<TravelFormValues>
        open={applying}
        mode="add"
        title={t('travelPage.formTitle')}
        initialValues={TRAVEL_FORM_VALUES}
        onClose={() => setApplying(false)}
        onSubmit={apply}
        okText={t('application.submit')}
        width={phone ? undefined : 640}
        data-testid="travel-dialog"
      >
        {(form) => <TravelForm form={form} />}
      </FormDialog>
      <ApplicationDetail kind="travel" id={openId} title={t('travelPage.detailTitle')} facts={facts} onClose={() => setOpenId(null)} onChanged={() => table.current?.reload()} />
    </div>
  );
}
