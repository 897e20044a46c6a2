// Browser flows of the certificates of 申请审批 (成绩证明 /sqsp/cjzm) and their public verification page (/verify/<code>).
import { readFile } from 'node:fs/promises';
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { closeSelectList, PHONE, scrollsSideways, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { answerOf, watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'applications';
const PARENT = 'jz201911001';
const shot = (page, name) => shotOf(page, name, AREA);
const openDropdown = (page, kind) => page.locator(`.ant-${kind}-dropdown:not(.ant-${kind}-dropdown-hidden)`).last();

/** Approves an application as an account signed in in a context of its own. */
async function approveAs(browser, base, account, id) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await signIn(page, context, base, account);
    const decided = await api(page, base, account, '/api/applications/review/decide', { ids: [id], decision: 'approve', comment: '' });
    assert(decided.result === true, `${account} approves: ${JSON.stringify(decided).slice(0, 300)}`);
  } finally {
    await context.close();
  }
}

export const certificateFlows = [
  {
    name: 'applications: a parent applies for a grade certificate on a phone; once approved it downloads as a PDF whose QR code address opens the public verification page, which confirms the file',
    async run({ base, browser }) {
      const errors = [];
      const phone = await browser.newContext({ ...PHONE, locale: 'zh-CN', acceptDownloads: true });
      const visitor = await browser.newContext({ ...PHONE, locale: 'en-US' });
      try {
        const page = watchErrors(await phone.newPage(), errors);
        await signIn(page, phone, base, PARENT);
        // Only one grade certificate of a child waits at a time: an earlier one (the demo data's) is withdrawn.
        const mine = await api(page, base, PARENT, '/api/applications/grade/page', { currPage: 0, limit: 50, search: { status: 'pending' } });
        for (const row of mine.data.rows) await api(page, base, PARENT, '/api/applications/grade/withdraw', { id: row.id });

        await page.goto(`${base}/sqsp/cjzm`);
        await page.getByTestId('grade-certificate-page').waitFor();
        await page.getByTestId('application-apply').click();
        const dialog = page.getByTestId('certificate-dialog');
        await dialog.waitFor();
        const purpose = `申请国际学校插班 ${String(Date.now()).slice(-5)}`;
        await dialog.getByTestId('certificate-form-purpose').fill(purpose);
        await dialog.getByTestId('certificate-form-terms').click();
        const term = openDropdown(page, 'select').locator('.ant-select-item-option').first();
        await term.waitFor();
        await term.click();
        await closeSelectList(page);
        await shot(page, 'grade-certificate-form-phone');
        const created = answerOf(page, '/api/applications/grade/create');
        await page.getByTestId('certificate-dialog-ok').click();
        const answer = await (await created).json();
        assert(answer.result === true, `the application is filed: ${JSON.stringify(answer).slice(0, 300)}`);
        const id = answer.data.id;

        // The class teacher, then the academic office (the administrator) approve.
        await approveAs(browser, base, 'T0002', id);
        await approveAs(browser, base, 'admin', id);

        // The parent downloads the PDF from the list on the phone.
        await page.reload();
        await page.getByTestId('grade-certificate-page').waitFor();
        const button = page.getByTestId(`certificate-download-${id}`).first();
        await button.waitFor({ timeout: 20_000 });
        assert(!(await scrollsSideways(page)), 'the list does not scroll sideways on the phone');
        await shot(page, 'grade-certificate-issued-phone');
        const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
        const file = await download.path();
        const bytes = await readFile(file);
        assert(bytes.subarray(0, 5).toString() === '%PDF-', 'the download is a PDF');
        assert(/\.pdf$/.test(download.suggestedFilename()), `a .pdf name: ${download.suggestedFilename()}`);
        // The QR code's address is also the PDF's link annotation.
        const link = /\/URI \((https?:\/\/[^)]+\/verify\/[A-Za-z0-9_-]+)\)/.exec(bytes.toString('latin1'));
        assert(link, 'the PDF links the verification page');

        // Someone who scanned the code, not signed in, on a phone in English.
        // Their browser chose English before (the language cookie, as the login page's switch sets it).
        await visitor.addCookies([{ name: 'language', value: 'en', url: base }]);
        const reader = watchErrors(await visitor.newPage(), errors);
        await reader.goto(link[1]);
        await reader.getByTestId('verify-page').waitFor();
        await until(async () => (await reader.getByTestId('verify-verdict').getAttribute('data-verdict')) === 'genuine', 'the page confirms the certificate', 20_000);
        await reader.getByTestId('verify-file-input').setInputFiles(file);
        await reader.getByTestId('verify-file-result').waitFor();
        await until(async () => (await reader.getByTestId('verify-file-result').getAttribute('data-result')) === 'match', 'the file is the one issued');
        const verified = await api(page, base, PARENT, '/api/certificates/verify', { code: link[1].split('/').pop() });
        const facts = verified.data ?? {};
        const text = await reader.getByTestId('verify-page').innerText();
        const left = ['中文', facts.schoolName, facts.schoolNameEn, facts.studentName, facts.className, facts.serialNumber].filter(Boolean).reduce((rest, value) => rest.split(value).join(' '), text);
        assert(!/[\u4e00-\u9fff]/u.test(left), `the verification page shows Chinese beyond its data: ${left.slice(0, 300)}`);
        await shot(reader, 'verify-phone-en');
        assert(errors.length === 0, `uncaught errors: ${errors.join(' | ')}`);
      } finally {
        await phone.close();
        await visitor.close();
      }
    },
  },
];
