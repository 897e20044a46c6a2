import { describe, expect, it, vi } from 'vitest';
import { deferredModal, type ModalFunctions } from './feedback.ts';

const realModal = (): ModalFunctions => ({ warning: vi.fn(), confirm: vi.fn(), info: vi.fn(), error: vi.fn() });

describe('deferred modal', () => {
  it('loads the modal code at the first call, once, and opens the calls made meanwhile in order', () => {
    const real = realModal();
    const load = vi.fn(() => new Promise<void>(() => undefined));
    const modal = deferredModal(load);
    expect(load).not.toHaveBeenCalled();
    modal.warning({ title: 'first' });
    modal.confirm({ title: 'second' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.warning).not.toHaveBeenCalled();
    modal.attach(real);
    expect(real.warning).toHaveBeenCalledWith({ title: 'first' });
    expect(real.confirm).toHaveBeenCalledWith({ title: 'second' });
    modal.error({ title: 'third' });
    expect(real.error).toHaveBeenCalledWith({ title: 'third' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again at the next call when it failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const modal = deferredModal(load);
    modal.info({ title: 'a' });
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    modal.info({ title: 'b' });
    expect(load).toHaveBeenCalledTimes(2);
    const real = realModal();
    modal.attach(real);
    expect(vi.mocked(real.info).mock.calls.map(([config]) => config.title)).toEqual(['a', 'b']);
  });
});
