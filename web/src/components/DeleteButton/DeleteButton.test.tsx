import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeleteButton } from './DeleteButton.tsx';
import { recordFeedback, stubServer } from '../Picker/testServer.ts';
import { i18n } from '../../i18n/index.ts';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

let feedback: ReturnType<typeof recordFeedback>;
beforeEach(() => {
  feedback = recordFeedback();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function confirmDialog() {
  fireEvent.click(screen.getByTestId('delete'));
  return screen.findByText('此操作将永久删除选中数据，是否继续？');
}

describe('delete-confirm button', () => {
  it('asks with the default text, then posts param and shows msg as a success', async () => {
    const server = stubServer({ '/api/things/delete': () => ({ data: { deleted: 2 }, msg: '删除成功 2 条' }) });
    const onSuccess = vi.fn();
    render(<DeleteButton url="/api/things/delete" param={{ ids: [1, 2] }} onSuccess={onSuccess} data-testid="delete" />);
    expect(screen.getByTestId('delete')).toHaveTextContent('删除');
    await confirmDialog();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('提示');
    expect(server.calls).toHaveLength(0); // nothing is sent before confirming
    fireEvent.click(screen.getByTestId('delete-confirm-ok'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ deleted: 2 }, '删除成功 2 条'));
    expect(server.calls[0]).toMatchObject({ method: 'POST', json: { ids: [1, 2] } });
    expect(feedback.texts('success')).toEqual(['删除成功 2 条']);
    expect(feedback.texts('warning')).toEqual([]);
    expect(feedback.texts('error')).toEqual([]);
  });

  it('shows msg as a warning when the call is refused', async () => {
    stubServer({ '/api/things/delete': () => ({ result: false, msg: 'This competition event reward has been used and cannot be deleted' }) });
    const onSuccess = vi.fn();
    const onFailure = vi.fn();
    render(<DeleteButton url="/api/things/delete" param={{ id: 3 }} onSuccess={onSuccess} onFailure={onFailure} data-testid="delete" />);
    await confirmDialog();
    fireEvent.click(screen.getByTestId('delete-confirm-ok'));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith('This competition event reward has been used and cannot be deleted'));
    expect(feedback.texts('warning')).toEqual(['This competition event reward has been used and cannot be deleted']);
    expect(feedback.texts('error')).toEqual([]);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('emits cancel and sends nothing when the user declines', async () => {
    const server = stubServer({});
    const onCancel = vi.fn();
    render(<DeleteButton url="/api/things/delete" onCancel={onCancel} data-testid="delete" />);
    await confirmDialog();
    fireEvent.click(screen.getByTestId('delete-confirm-cancel'));
    await waitFor(() => expect(onCancel).toHaveBeenCalledTimes(1));
    expect(server.calls).toHaveLength(0);
    expect(feedback.texts('success')).toEqual([]);
  });

  it('sends param form-encoded, or as the query of a GET', async () => {
    const server = stubServer({ '/api/a': () => ({ msg: 'ok a' }), '/api/b': () => ({ msg: 'ok b' }) });
    const view = render(<DeleteButton url="/api/a" formEncoded param={{ id: 7, kind: 'x' }} data-testid="delete" />);
    await confirmDialog();
    fireEvent.click(screen.getByTestId('delete-confirm-ok'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({ method: 'POST', form: { id: '7', kind: 'x' }, json: undefined });
    view.unmount();
    render(<DeleteButton url="/api/b" method="get" param={{ id: 8 }} data-testid="delete" />);
    await confirmDialog();
    fireEvent.click(screen.getByTestId('delete-confirm-ok'));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]).toMatchObject({ method: 'GET', form: { id: '8' } });
    await waitFor(() => expect(feedback.texts('success')).toEqual(['ok a', 'ok b']));
  });

  it('takes a custom text, and has the English default text', async () => {
    stubServer({});
    const view = render(<DeleteButton url="/x" text="Delete this record?" data-testid="delete" />);
    fireEvent.click(screen.getByTestId('delete'));
    expect(await screen.findByText('Delete this record?')).toBeInTheDocument();
    view.unmount();
    await act(() => i18n.changeLanguage('en'));
    try {
      render(<DeleteButton url="/x" data-testid="delete" />);
      fireEvent.click(screen.getByTestId('delete'));
      expect(await screen.findByText('This will permanently delete the selected data, continue?')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('zh'));
    }
  });
});
