import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stub } from '../Timetable/callStub.ts';
import { useSession } from '../../state/session.ts';
import { setFeedback, type Feedback } from '../../app/feedback.ts';
import { ManagePage } from './ManagePage.tsx';
import { RecordActions } from './RecordActions.tsx';

vi.mock('../../api/client.ts', async () => (await import('../Timetable/callStub.ts')).clientModule);
const exportList = vi.fn(async () => undefined);
vi.mock('../../api/exports.ts', () => ({ exportList: (...args: unknown[]) => exportList(...(args as [])) }));

interface Row {
  id: number;
  name: string;
}

const warning = vi.fn();
beforeEach(() => {
  stub.reset();
  exportList.mockClear();
  warning.mockClear();
  stub.on('/api/things/page', () => ({ total: 2, rows: [{ id: 1, name: 'First' }, { id: 2, name: 'Second' }] }));
  setFeedback({ message: { error: vi.fn(), success: vi.fn(), warning, info: vi.fn() }, modal: {} } as unknown as Feedback);
});

function renderPage(onEdit = vi.fn()) {
  return render(
    <ManagePage<Row>
      permission="things"
      listUrl="/api/things/page"
      exportUrl="/api/things/export"
      exportName="Things"
      deleteUrl="/api/things/delete"
      onAdd={vi.fn()}
      columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
      rowActions={(row, { canEdit }) => <RecordActions onView={vi.fn()} onEdit={canEdit ? () => onEdit(row) : undefined} editTestId={`edit-${row.id}`} />}
    />,
  );
}

describe('ManagePage', () => {
  it('shows only looking and exporting to a user who holds the page alone', async () => {
    useSession.setState({ permissions: ['things'], roles: [] });
    renderPage();
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.queryByTestId('manage-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('manage-batch-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-1')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('manage-export'));
    await waitFor(() => expect(exportList).toHaveBeenCalledWith('/api/things/export', {}, 'Things'));
  });

  it('offers add, modify and batch delete with the edit and delete permissions; deleting nothing warns first', async () => {
    useSession.setState({ permissions: ['things', 'things:edit', 'things:delete'], roles: [] });
    const onEdit = vi.fn();
    renderPage(onEdit);
    fireEvent.click(await screen.findByTestId('edit-2'));
    expect(onEdit).toHaveBeenCalledWith({ id: 2, name: 'Second' });
    expect(screen.getByTestId('manage-add')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('manage-batch-delete'));
    expect(warning).toHaveBeenCalledWith(expect.stringMatching(/请先选择数据|select the data first/));
    expect(stub.calls('/api/things/delete')).toHaveLength(0);
  });
});
