import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelledError } from '@tanstack/react-query';
import { ApiError, browser, call, download, encodeForm, installKeepAlive, isAbort, isServerRefusal, request, resetExpiryState, upload, uploadFormData } from './client.ts';
import { setFeedback, type Feedback } from '../app/feedback.ts';
import { sessionState, useSession, DEFAULT_CLIENT_CONFIG } from '../state/session.ts';

type FetchArgs = [string, RequestInit];

function envelope(body: Record<string, unknown>, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify({ code: 200, result: true, data: null, msg: '', ...body }), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;
let fb: { message: Record<'error' | 'success' | 'warning' | 'info', ReturnType<typeof vi.fn>>; modal: Record<'warning' | 'confirm' | 'info' | 'error', ReturnType<typeof vi.fn>> };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG }, tokenHeader: 'X-TOKEN-XX', token: null, publicKey: null, user: null, account: '' });
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  fb = {
    message: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
    modal: { warning: vi.fn(), confirm: vi.fn(), info: vi.fn(), error: vi.fn() },
  };
  setFeedback(fb as unknown as Feedback);
  resetExpiryState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request client', () => {
  it('posts form-encoded bodies with cookies and the token header', async () => {
    sessionState().setToken('tok-1');
    fetchMock.mockResolvedValueOnce(envelope({ data: { ok: 1 } }));
    await expect(call('/ms/getPermission', { form: { a: 'x y', n: 2, skip: undefined, list: [1, 2] } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/ms/getPermission');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>)['X-TOKEN-XX']).toBe('tok-1');
    expect((init.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('a=x+y&n=2&list=%5B1%2C2%5D');
  });

  it('sends no token header when signed out, and GET without a body', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ data: {} }));
    await call('/api/config/client', { method: 'GET', query: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/config/client?a=1');
    expect(init.body).toBeUndefined();
    expect(Object.keys(init.headers as Record<string, string>)).not.toContain('X-TOKEN-XX');
  });

  it('adopts a refreshed token from the response header', async () => {
    sessionState().setToken('old-token');
    fetchMock.mockResolvedValueOnce(envelope({ data: 1 }, { headers: { 'X-TOKEN-XX': 'new-token' } }));
    await call('/api/getExpires', { method: 'GET' });
    expect(sessionState().token).toBe('new-token');
    expect(localStorage.getItem('X-TOKEN-XX')).toBe('new-token');
    fetchMock.mockResolvedValueOnce(envelope({ data: 1 }));
    await call('/ms/getPermission');
    expect((fetchMock.mock.calls[1][1].headers as Record<string, string>)['X-TOKEN-XX']).toBe('new-token');
  });

  it('shows msg as an error and rejects when result is false (even with HTTP 4xx)', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 400, result: false, msg: 'Parameter Error' }, { status: 400 }));
    const error = await call('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('business');
    expect((error as ApiError).message).toBe('Parameter Error');
    expect(fb.message.error).toHaveBeenCalledTimes(1);
    expect(fb.message.error.mock.calls[0][0]).toMatchObject({ content: 'Parameter Error', duration: 5 });
  });

  it('rejects a code other than 200 even with result true', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 403, result: true, msg: 'no' }));
    await expect(call('/x')).rejects.toBeInstanceOf(ApiError);
  });

  it('keeps quiet when the caller shows the message itself', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ result: false, code: 401, msg: 'wrong password' }));
    await expect(call('/api/login/v4', { silent: true })).rejects.toThrow('wrong password');
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('shows "network error" for 5 seconds when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await call('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(fb.message.error).toHaveBeenCalledTimes(1);
    expect(fb.message.error.mock.calls[0][0]).toMatchObject({ duration: 5 });
    expect(String(fb.message.error.mock.calls[0][0].content)).toMatch(/网络错误|network error/);
  });

  it('treats a body that is not an envelope (proxy error page) as a network failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(fb.message.error).toHaveBeenCalledTimes(1);
  });

  it('shows exactly one expiry modal for concurrent calls failing with expiry codes', async () => {
    sessionState().setToken('tok');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    fetchMock.mockImplementation(async () => envelope({ code: 50014, result: false, msg: 'expired' }, { status: 401 }));
    const results = await Promise.allSettled([call('/a'), call('/b'), call('/c'), request('/d'), call('/e')]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).kind === 'expired')).toBe(true);
    expect(fb.modal.warning).toHaveBeenCalledTimes(1);
    expect(fb.message.error).not.toHaveBeenCalled();
    const options = fb.modal.warning.mock.calls[0][0];
    expect(options).toMatchObject({ closable: false, keyboard: false });
    expect(String(options.okText)).toMatch(/重新登录|Log in again/);
    expect(String(options.title)).toMatch(/提示|Prompt/);
    // Confirming logs out (token cleared) and reloads onto the login page.
    options.onOk();
    expect(sessionState().token).toBeNull();
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/login/));
  });

  it('goes to the timeout address after expiry when the login type is IDS', async () => {
    useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG, loginType: 'IDS', timeoutUrl: 'https://ids.example.org/login' } });
    sessionState().setToken('tok');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(envelope({ code: 50008, result: false, msg: 'expired' }));
    await call('/a').catch(() => undefined);
    fb.modal.warning.mock.calls[0][0].onOk();
    expect(assign).toHaveBeenCalledWith('https://ids.example.org/login');
  });

  it('does not show the expiry modal when nobody is signed in', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 50014, result: false, msg: 'You may not be logged in' }));
    await expect(call('/a')).rejects.toMatchObject({ kind: 'business' });
    expect(fb.modal.warning).not.toHaveBeenCalled();
    expect(fb.message.error).toHaveBeenCalledTimes(1);
  });

  it('lets the guard handle expiry itself', async () => {
    sessionState().setToken('tok');
    fetchMock.mockResolvedValueOnce(envelope({ code: 50014, result: false, msg: 'expired' }));
    await expect(call('/ms/getPermission', { ignoreExpiry: true, silent: true })).rejects.toMatchObject({ kind: 'expired' });
    expect(fb.modal.warning).not.toHaveBeenCalled();
  });

  it('an aborted call (the page reloaded or left) rejects with its abort, quietly: no network error, no refusal', async () => {
    sessionState().setToken('tok');
    fetchMock.mockRejectedValueOnce(new DOMException('The user aborted a request.', 'AbortError'));
    const error = await call('/ms/getPermission').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(isAbort(error)).toBe(true);
    expect(isServerRefusal(error)).toBe(false);
    expect(fb.message.error).not.toHaveBeenCalled();
    expect(fb.modal.warning).not.toHaveBeenCalled();
    expect(sessionState().token).toBe('tok');
  });

  it('an abort while the answer is read is an abort too, not a network failure', async () => {
    const controller = new AbortController();
    const answer = envelope({ data: { menus: [] } });
    vi.spyOn(answer, 'text').mockImplementation(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    fetchMock.mockResolvedValueOnce(answer);
    const error = await call('/ms/getPermission', { signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('a call whose signal was aborted with a reason rejects with that reason, quietly', async () => {
    const controller = new AbortController();
    const reason = new Error('left the page');
    controller.abort(reason);
    fetchMock.mockRejectedValueOnce(reason);
    await expect(call('/x', { signal: controller.signal })).rejects.toBe(reason);
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('tells a call given up (abort, cancelled query) or unanswered from a refusal of the server', () => {
    expect(isAbort(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isAbort(new CancelledError())).toBe(true);
    expect(isAbort(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbort(new ApiError('network', 'network error'))).toBe(false);
    expect(isAbort(undefined)).toBe(false);
    expect(isServerRefusal(new CancelledError())).toBe(false);
    expect(isServerRefusal(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isServerRefusal(new ApiError('network', 'network error'))).toBe(false);
    expect(isServerRefusal(new ApiError('expired', 'expired', 50014))).toBe(true);
    expect(isServerRefusal(new ApiError('business', 'refused', 500))).toBe(true);
  });

  it('an expiry answer arriving after this browser ended the session itself shows no modal', async () => {
    sessionState().setToken('tok');
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const pending = call('/api/message/info/getInfoByRecipient').catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    sessionState().clear(); // e.g. the password was changed: the server ended the session, the client cleared it
    answer(envelope({ code: 50014, result: false, msg: 'expired' }, { status: 401 }));
    expect(await pending).toMatchObject({ kind: 'expired' });
    expect(fb.modal.warning).not.toHaveBeenCalled();
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('calls the keep-alive when the page becomes visible again with a token', async () => {
    fetchMock.mockImplementation(async () => envelope({ data: 1 }));
    let state: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const uninstall = installKeepAlive(document);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetchMock).not.toHaveBeenCalled();
    sessionState().setToken('tok');
    state = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetchMock).not.toHaveBeenCalled();
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/getExpires');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
    uninstall();
  });

  it('encodes forms, skipping empty values', () => {
    expect(encodeForm({ a: 1, b: null, c: undefined, d: true, e: { x: 1 } })).toBe('a=1&d=true&e=%7B%22x%22%3A1%7D');
  });
});

describe('request encryption', () => {
  it('seals requests and opens sealed answers when the configuration switches it on', async () => {
    const seal = vi.fn(async (body: string | undefined) => ({ headers: { 'X-Request-Sign': 'sig' }, body: `sealed:${body}` }));
    const open = vi.fn(async () => ({ code: 200, result: true, data: 'secret', msg: '' }));
    const crypto = await import('./crypto.ts');
    const create = vi.spyOn(crypto, 'createRequestSealer').mockResolvedValue({ seal, open });
    vi.spyOn(crypto, 'isSealedResponse').mockReturnValue(true);
    useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG, encryption: true }, publicKey: 'PEM', account: 'admin' });
    fetchMock.mockResolvedValueOnce(new Response('opaque', { status: 200 }));
    await expect(call('/ms/getPermission', { form: { a: 1 } })).resolves.toBe('secret');
    expect(create).toHaveBeenCalledWith('PEM', 'admin');
    expect(seal).toHaveBeenCalledWith('a=1', expect.stringContaining('application/x-www-form-urlencoded'));
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBe('sealed:a=1');
    expect((init.headers as Record<string, string>)['X-Request-Sign']).toBe('sig');
    expect(open).toHaveBeenCalledWith('opaque');
  });

  it('fetches the key again and resends once when an encrypted call is refused in plain text', async () => {
    const crypto = await import('./crypto.ts');
    const create = vi.spyOn(crypto, 'createRequestSealer').mockImplementation(async (pem) => ({
      seal: async (body) => ({ headers: { 'X-Request-Sign': `sig-${pem}` }, body: typeof body === 'string' ? body : undefined }),
      open: async () => ({ code: 200, result: true, data: 'ok', msg: '' }),
    }));
    vi.spyOn(crypto, 'isSealedResponse').mockImplementation((headers) => headers.get('X-Response-Encrypted') === '1');
    useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG, encryption: true }, publicKey: 'OLD' });
    fetchMock
      .mockResolvedValueOnce(envelope({ code: 400, result: false, msg: 'The request signature could not be verified' }, { status: 400 }))
      .mockResolvedValueOnce(envelope({ data: { publicKey: 'NEW' } }))
      .mockResolvedValueOnce(new Response('sealed', { headers: { 'X-Response-Encrypted': '1' } }));
    await expect(call('/ms/getPermission')).resolves.toBe('ok');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/ms/getPermission', '/api/security/get', '/ms/getPermission']);
    // The key endpoint itself is never sealed.
    expect(Object.keys(fetchMock.mock.calls[1][1].headers as Record<string, string>)).not.toContain('X-Request-Sign');
    expect(create.mock.calls.map((c) => c[0])).toEqual(['OLD', 'NEW']);
    expect(sessionState().publicKey).toBe('NEW');
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('sends plain requests when encryption is off', async () => {
    const crypto = await import('./crypto.ts');
    const create = vi.spyOn(crypto, 'createRequestSealer');
    useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG, encryption: false }, publicKey: 'PEM' });
    fetchMock.mockResolvedValueOnce(envelope({ data: 1 }));
    await call('/x', { form: { a: 1 } });
    expect(create).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0][1].body).toBe('a=1');
  });
});

describe('file downloads', () => {
  const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } });

  it('resolves the bytes as a Blob, sending the token header with a GET', async () => {
    sessionState().setToken('tok');
    fetchMock.mockResolvedValueOnce(png());
    const blob = await download('/xspic/downloadXsPic', { query: { xh: '201911001', type: 2 } });
    expect(blob.type).toBe('image/png');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/xspic/downloadXsPic?xh=201911001&type=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['X-TOKEN-XX']).toBe('tok');
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('handles a refused download (an envelope) like any call: message, or quiet when silent', async () => {
    sessionState().setToken('tok');
    fetchMock.mockResolvedValueOnce(envelope({ code: 404, result: false, msg: 'Data does not exist' }, { status: 404 }));
    await expect(download('/file/download/x')).rejects.toMatchObject({ kind: 'business', code: 404, message: 'Data does not exist' });
    expect(fb.message.error).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(envelope({ code: 404, result: false, msg: 'Data does not exist' }, { status: 404 }));
    await expect(download('/file/download/x', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(fb.message.error).toHaveBeenCalledTimes(1);
  });

  it('shows the expiry modal once when the session has expired, even when silent', async () => {
    sessionState().setToken('tok');
    fetchMock.mockImplementation(async () => envelope({ code: 50014, result: false, msg: 'expired' }, { status: 401 }));
    const results = await Promise.allSettled([download('/file/download/a', { silent: true }), download('/file/download/b')]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as ApiError).kind)).toEqual(['expired', 'expired']);
    expect(fb.modal.warning).toHaveBeenCalledTimes(1);
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('adopts a refreshed token that comes with the file', async () => {
    sessionState().setToken('old');
    const answer = png();
    answer.headers.set('X-TOKEN-XX', 'new');
    fetchMock.mockResolvedValueOnce(answer);
    await download('/file/download/a');
    expect(sessionState().token).toBe('new');
  });

  it('reports a network failure, and treats an error page as one', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(download('/file/download/a')).rejects.toMatchObject({ kind: 'network' });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(download('/file/download/a')).rejects.toMatchObject({ kind: 'network' });
    expect(fb.message.error).toHaveBeenCalledTimes(2);
  });

  it('with encryption on, signs the GET and opens a sealed refusal; a file comes back as it is', async () => {
    const seal = vi.fn(async () => ({ headers: { 'X-Request-Sign': 'sig' }, body: undefined }));
    const open = vi.fn(async () => ({ code: 404, result: false, data: null, msg: 'Data does not exist' }));
    const crypto = await import('./crypto.ts');
    vi.spyOn(crypto, 'createRequestSealer').mockResolvedValue({ seal, open });
    useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG, encryption: true }, publicKey: 'PEM', account: 'admin' });
    sessionState().setToken('tok');
    fetchMock.mockResolvedValueOnce(png());
    const blob = await download('/file/download/a');
    expect(blob.size).toBe(4);
    expect(seal).toHaveBeenCalledWith(undefined, undefined);
    expect((fetchMock.mock.calls[0][1].headers as Record<string, string>)['X-Request-Sign']).toBe('sig');
    expect(open).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(new Response('{"payload":"x"}', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Response-Encrypted': '1' } }));
    await expect(download('/file/download/b')).rejects.toMatchObject({ kind: 'business', message: 'Data does not exist' });
    expect(open).toHaveBeenCalledWith('{"payload":"x"}');
  });
});

describe('file uploads', () => {
  it('builds the multipart body with the fields before the files', () => {
    const a = new File(['a'], 'a.png');
    const b = new File(['b'], 'b.png');
    const form = uploadFormData({ files: [a, b], fields: { purpose: 'image' } });
    expect([...form.keys()]).toEqual(['purpose', 'file', 'file']);
    expect(form.get('purpose')).toBe('image');
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png']);
    const given = new FormData();
    expect(uploadFormData(given)).toBe(given);
  });

  it('posts the FormData as it is (the browser sets the boundary) and resolves with data', async () => {
    sessionState().setToken('tok');
    fetchMock.mockResolvedValueOnce(envelope({ data: [{ RESID: 'r1', name: 'a.png' }] }));
    const data = await upload('/api/files/upload', { files: [new File(['x'], 'a.png')], fields: { purpose: 'image' } });
    expect(data).toEqual([{ RESID: 'r1', name: 'a.png' }]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/files/upload');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    const headers = init.headers as Record<string, string>;
    expect(headers['X-TOKEN-XX']).toBe('tok');
    expect(Object.keys(headers).map((k) => k.toLowerCase())).not.toContain('content-type');
  });

  it('shows a refused upload like any call', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 400, result: false, msg: 'File size cannot be 0KB' }, { status: 400 }));
    await expect(upload('/api/files/upload', { files: [], fields: { purpose: 'image' } })).rejects.toMatchObject({ kind: 'business' });
    expect(fb.message.error.mock.calls[0][0]).toMatchObject({ content: 'File size cannot be 0KB' });
  });

  it('with encryption on, seals the serialised multipart bytes with their boundary content type', async () => {
    const seal = vi.fn(async () => ({ headers: { 'X-Request-Sign': 'sig', 'Content-Type': 'application/json' }, body: 'sealed' }));
    const open = vi.fn(async () => ({ code: 200, result: true, data: [{ RESID: 'r1' }], msg: '' }));
    const crypto = await import('./crypto.ts');
    vi.spyOn(crypto, 'createRequestSealer').mockResolvedValue({ seal, open });
    vi.spyOn(crypto, 'isSealedResponse').mockReturnValue(true);
    useSession.setState({ config: { ...DEFAULT_CLIENT_CONFIG, encryption: true }, publicKey: 'PEM', account: 'admin' });
    fetchMock.mockResolvedValueOnce(new Response('opaque'));
    const form = new FormData();
    form.append('purpose', 'image');
    form.append('note', '校园');
    await expect(upload('/api/files/upload', form)).resolves.toEqual([{ RESID: 'r1' }]);
    const [body, contentType] = seal.mock.calls[0] as unknown as [Uint8Array, string];
    expect(body).toBeInstanceOf(Uint8Array);
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const text = new TextDecoder().decode(body);
    expect(text).toContain('name="purpose"\r\n\r\nimage\r\n');
    expect(text).toContain('校园');
    expect(text.indexOf('purpose')).toBeLessThan(text.indexOf('note'));
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBe('sealed');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
