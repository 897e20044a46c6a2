// Browser flows of 申请审批 (请假申请 /sqsp/qjsq, 外出申请 /sqsp/wcsq, 申请审核 /sqsp/sqsh, 审批流程设置 /sqsp/splc),
// appended to the flows of flows.mjs.
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { assertEnglish, CHINESE, closePanel, panelSettled, PHONE, scrollsSideways, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { answered, answerOf, openFromBell, uploadPicture, watchErrors } from '../homeSchool/homeworkFlows.mjs';

/** The student of the class T0002 leads (account 201911001), whose parent is jz201911001 (server/src/db/seed/applications.ts). */
const STUDENT = '张小明';
const PARENT = 'jz201911001';
const AREA = 'applications';
/** The demo data's pending sick leave of the child (tomorrow morning): it overlaps a leave covering today and tomorrow. */
const SEEDED_PENDING_REASON = '发烧38.5度';

const pad = (n) => String(n).padStart(2, '0');
const dayText = (date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** A day from today on the school's clock (the server runs on this machine's). */
const dayFrom = (offset) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
};

const shot = (page, name) => shotOf(page, name, AREA);
const openDropdown = (page, kind) => page.locator(`.ant-${kind}-dropdown:not(.ant-${kind}-dropdown-hidden)`).last();

/** The text input of a DatePicker, whether the test id sits on the picker or on its input. */
const pickerInput = (root, testId) => root.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/**
 * Picks a date and time through a DatePicker's panels (a phone's picker takes no typing): the day's cell, the
 * hour and the minute, then OK; `shotName` takes a screenshot of the open panels before OK.
 */
async function pickDateTime(page, testId, date, hour, minute, shotName) {
  const input = pickerInput(page, testId);
  await input.click();
  const panel = openDropdown(page, 'picker');
  await panel.waitFor();
  const title = dayText(date);
  const cell = panel.locator(`td[title="${title}"]`).first();
  // Tomorrow can be next month's first day, which the month's grid may not show.
  if ((await cell.count()) === 0) await panel.locator('.ant-picker-header-next-btn').first().click();
  await cell.click();
  const columns = panel.locator('.ant-picker-time-panel-column');
  await columns.nth(0).locator('.ant-picker-time-panel-cell-inner').getByText(pad(hour), { exact: true }).click();
  await columns.nth(1).locator('.ant-picker-time-panel-cell-inner').getByText(pad(minute), { exact: true }).click();
  const text = `${title} ${pad(hour)}:${pad(minute)}`;
  // (Until OK the input previews whatever cell the pointer rests on, as the time column scrolls under it.)
  if (shotName) await shot(page, shotName);
  await panel.locator('.ant-picker-ok button').click();
  await panel.waitFor({ state: 'hidden' });
  await until(async () => (await input.inputValue()) === text, `${testId} is ${text}`);
  return text;
}

/** Types a date and time into a DatePicker (a wide screen's picker takes typing). */
async function typeDateTime(page, testId, text) {
  const input = pickerInput(page, testId);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await until(async () => (await input.inputValue()) === text, `${testId} is ${text}`);
  await openDropdown(page, 'picker').waitFor({ state: 'hidden' });
}

/** Opens a single select and clicks the option (no Escape: in a dialog it would close the dialog). */
async function chooseOption(page, testId, text) {
  await page.getByTestId(testId).click();
  const option = openDropdown(page, 'select').locator('.ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
  await openDropdown(page, 'select').waitFor({ state: 'hidden' });
}

/** The data of an application as the server answered it (names, reasons ...): an English page shows them as they are. */
function dataOf(application) {
  return [
    application.subjectName,
    application.className,
    application.applicantName,
    application.reason,
    application.destination,
    application.follower,
    application.cancelNote,
    application.leaveTypeName,
    ...(application.trail ?? []).flatMap((entry) => [entry.deciderName, entry.comment, ...entry.approverNames]),
  ].filter(Boolean);
}

/**
 * Before the child's leave is filed: a leave of an earlier attempt of this flow that still covers the time
 * (the server refuses overlapping leave) is withdrawn, or once approved, ended at its start.
 */
async function tidyEarlierAttempts(page, base, marker, start, end) {
  const answer = await api(page, base, PARENT, '/api/applications/leave/page', { currPage: 0, limit: 50, search: { status: '' } });
  assert(answer.result === true, `the parent's leave list: ${JSON.stringify(answer).slice(0, 200)}`);
  for (const row of answer.data.rows) {
    if (!row.reason.startsWith(marker) || row.cancelled || !(row.startAt < end && row.endAt > start)) continue;
    if (row.status === 'pending') await api(page, base, PARENT, '/api/applications/leave/withdraw', { id: row.id });
    else if (row.status === 'approved') await api(page, base, PARENT, '/api/applications/leave/cancel', { id: row.id, returnedAt: row.startAt, note: '' });
  }
}

/** Signs the page's user out (the stored token and cookies) and another in. */
async function switchUser(page, context, base, account, lang) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await context.clearCookies();
  await signIn(page, context, base, account, lang);
}

/** Waits for a trail whose entries have these decisions, in order. */
async function trailIs(root, decisions, what) {
  const entries = root.getByTestId('approval-trail-entry');
  await until(async () => JSON.stringify(await entries.evaluateAll((els) => els.map((el) => el.getAttribute('data-decision')))) === JSON.stringify(decisions), `${what}: the trail reads ${decisions.join(', ')}`);
}

/** Waits until a dialog's form shows at least `count` checks, their fade-in done (for the screenshot). */
async function formChecks(page, count, what) {
  const checks = page.locator('.ant-modal .ant-form-item-explain-error');
  await until(async () => {
    const shown = await checks.evaluateAll((els) => els.filter((el) => getComputedStyle(el).opacity === '1' && el.getBoundingClientRect().height > 0 && el.textContent.trim()).length);
    return shown >= count && (await page.locator('.ant-modal [class*="show-help"][class*="-active"]').count()) === 0;
  }, what);
}

/** Decides in the review page's dialog (opened by a list's or the detail's button); answers the server's envelope. */
async function decide(page, comment) {
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('review-decision') });
  await dialog.waitFor();
  // Its zoom-in over first: a click while it grows can miss the button on a busy machine.
  await until(async () => (await page.locator('.ant-modal[class*="ant-zoom-"], .ant-modal [class*="ant-zoom-"]').count()) === 0, 'the decision dialog has opened');
  if (comment) await page.getByTestId('review-decision-comment').fill(comment);
  const decided = answerOf(page, '/api/applications/review/decide');
  await page.getByTestId('review-decision-ok').click();
  const response = await decided;
  return { dialog, body: await response.json(), status: response.status() };
}

export const applicationFlows = [
  {
    name: "applications: the parent applies for the child's sick leave with a picture on a phone; the class teacher and the division director approve; the parent sees the trail; the class teacher sees the child on leave today",
    async run({ page, context, base, browser, shot: flowShot }) {
      const errors = [];
      const marker = '孩子昨晚开始咳嗽发烧';
      const reason = `${marker}，今天去医院复查，明天在家休息 ${String(Date.now()).slice(-6)}`;
      const teacherComment = `同意，好好休息 ${String(Date.now()).slice(-4)}`;
      const start = `${dayText(dayFrom(0))} 00:05`;
      const end = `${dayText(dayFrom(1))} 18:00`;
      const parentPhone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      const teacherPhone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      try {
        // The parent, on a phone.
        const mobile = watchErrors(await parentPhone.newPage(), errors);
        await signIn(mobile, parentPhone, base, PARENT);
        await tidyEarlierAttempts(mobile, base, marker, start, end);
        await mobile.goto(`${base}/sqsp/qjsq`);
        await mobile.getByTestId('leave-page').waitFor();
        await until(async () => (await mobile.getByTestId('leave-child-name').innerText()).includes(STUDENT), 'the only child is named');
        assert((await mobile.getByTestId('leave-tab-onLeave').count()) === 0, 'a parent has no "on leave today" tab');
        const cards = mobile.getByTestId('application-card');
        await cards.first().waitFor();
        assert((await mobile.locator('.page-view:visible .ant-table-thead').count()) === 0, 'cards, not a table');
        assert(!(await scrollsSideways(mobile)), 'the list does not scroll sideways');
        await shot(mobile, 'leave-list-phone');

        // The demo data's pending leave tomorrow morning overlaps this one: the parent withdraws it first.
        const seeded = cards.filter({ hasText: SEEDED_PENDING_REASON });
        if ((await seeded.count()) === 1 && (await seeded.getByTestId('application-status').getAttribute('data-status')) === 'pending') {
          const seededId = await seeded.getAttribute('data-id');
          await mobile.getByTestId(`application-withdraw-${seededId}`).click();
          const confirm = mobile.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons button').last();
          await confirm.waitFor();
          const withdrawn = answerOf(mobile, '/api/applications/leave/withdraw');
          await confirm.click();
          await answered(await withdrawn, 'the demo leave was withdrawn');
          await until(async () => (await seeded.getByTestId('application-status').getAttribute('data-status')) === 'withdrawn', 'the demo leave shows withdrawn');
        }

        await mobile.getByTestId('application-apply').click();
        const dialog = mobile.locator('.ant-modal').filter({ has: mobile.getByTestId('leave-dialog') });
        await dialog.waitFor();
        assert((await mobile.getByTestId('leave-form-child').innerText()).includes(STUDENT), 'the child is chosen already');
        await chooseOption(mobile, 'leave-form-type', '病假');
        assert((await pickerInput(mobile, 'leave-form-start').getAttribute('readonly')) !== null, 'a phone picks times without the keyboard');
        await pickDateTime(mobile, 'leave-form-start', dayFrom(0), 0, 5, 'leave-picker-phone');
        await pickDateTime(mobile, 'leave-form-end', dayFrom(1), 18, 0);
        await mobile.getByTestId('leave-form-reason').fill(reason);
        await uploadPicture(mobile, 'leave-form-images', 'sick-note.png');
        assert(!(await scrollsSideways(mobile)), 'the leave form does not scroll sideways');
        await shot(mobile, 'leave-form-phone');
        const sent = mobile.waitForRequest((r) => r.url().endsWith('/api/applications/leave/create'));
        const created = answerOf(mobile, '/api/applications/leave/create');
        await mobile.getByTestId('leave-dialog-ok').click();
        const body = (await sent).postDataJSON();
        assert(
          Number.isInteger(body.studentId) && body.leaveType === '1' && body.startAt === start && body.endAt === end && body.reason === reason && body.images.length === 1,
          `the leave sent: ${JSON.stringify(body)}`,
        );
        const { data } = await answered(await created, 'the leave was filed');
        const id = data.id;
        await dialog.waitFor({ state: 'hidden' });
        await mobile.locator('.ant-message-success').filter({ hasText: '申请已提交审批' }).first().waitFor();
        const card = mobile.locator(`[data-testid="application-card"][data-id="${id}"]`);
        await card.waitFor();
        assert((await card.getByTestId('application-status').getAttribute('data-status')) === 'pending', 'the new leave is pending');
        assert((await card.getByTestId('application-progress').innerText()).includes('1/2'), `it waits at step 1 of 2: ${await card.innerText()}`);
        assert((await card.innerText()).includes(reason), 'the card shows the reason');
        // The same time again is refused: the child is on leave then already.
        const again = await api(mobile, base, PARENT, '/api/applications/leave/create', body);
        assert(again.result === false && /已有|already/.test(again.msg), `an overlapping leave is refused: ${JSON.stringify(again).slice(0, 200)}`);

        // The class teacher, on a phone: the bell's message opens the application in the review page.
        const teacher = watchErrors(await teacherPhone.newPage(), errors);
        await signIn(teacher, teacherPhone, base, 'T0002');
        const review = await openFromBell(teacher, `${STUDENT}的学生请假申请待您审核`, errors);
        const detail = review.getByTestId('review-detail');
        await detail.waitFor({ timeout: 30_000 });
        assert((await detail.getAttribute('data-id')) === String(id), 'the linked application opens');
        const detailText = await detail.innerText();
        assert(detailText.includes(reason) && detailText.includes('病假') && detailText.includes(`${start} 至 ${end}`), `the detail shows the leave: ${detailText.slice(0, 300)}`);
        const picture = detail.locator('img.ant-image-img').first();
        await picture.waitFor();
        await until(async () => (await picture.evaluate((el) => el.complete && el.naturalWidth)) === 64, 'the picture decodes for the class teacher');
        await trailIs(detail, ['waiting'], 'before any decision');
        await panelSettled(review, 390);
        assert(!(await scrollsSideways(review)), 'the review detail does not scroll sideways');
        await shot(review, 'review-detail-phone');
        await review.getByTestId('review-detail-approve').click();
        const first = await decide(review, teacherComment);
        assert(first.body.result === true, `the class teacher approved: ${JSON.stringify(first.body).slice(0, 200)}`);
        await first.dialog.waitFor({ state: 'hidden' });
        await review.locator('.ant-message-success').first().waitFor();
        await trailIs(detail, ['approve', 'waiting'], 'after the class teacher');
        assert((await detail.getByTestId('application-progress').innerText()).includes('2/2'), 'it waits at step 2 of 2');
        assert((await review.getByTestId('review-detail-approve').count()) === 0, 'nothing left for the class teacher to decide');
        await detail.getByTestId('approval-trail').scrollIntoViewIfNeeded();
        await shot(review, 'review-approved-phone');
        await closePanel(review);
        await review.locator('.page-view:visible .ant-table-row').first().waitFor();
        assert(!(await scrollsSideways(review)), 'the review list does not scroll the page sideways');
        await shot(review, 'review-list-phone');
        await review.close();

        // The division director, on a wide screen: from the waiting list.
        await signIn(page, context, base, 'T0001');
        await page.goto(`${base}/sqsp/sqsh`);
        await page.getByTestId('review-page').waitFor();
        const approve = page.getByTestId(`review-approve-${id}`);
        await approve.waitFor();
        const row = page.locator('.page-view:visible .ant-table-row').filter({ has: approve });
        assert((await row.innerText()).includes(STUDENT), `the row names the child: ${await row.innerText()}`);
        await flowShot('review-waiting');
        await approve.click();
        const second = await decide(page, '');
        assert(second.body.result === true, `the division director approved: ${JSON.stringify(second.body).slice(0, 200)}`);
        await second.dialog.waitFor({ state: 'hidden' });
        await approve.waitFor({ state: 'detached' });
        await page.getByTestId('review-tab-decided').click();
        await page.getByTestId(`review-mine-${id}`).waitFor();
        assert((await page.getByTestId(`review-mine-${id}`).innerText()).includes('已通过'), 'the decided tab shows the approval');

        // The parent's bell tells of the approval; the application shows both approvals.
        const approved = await openFromBell(mobile, `${STUDENT}的学生请假申请已通过`, errors);
        const mine = approved.getByTestId('application-detail');
        await mine.waitFor({ timeout: 30_000 });
        assert((await mine.getAttribute('data-id')) === String(id), 'the linked leave opens');
        assert((await mine.getAttribute('data-status')) === 'approved', 'the leave is approved');
        assert((await mine.getByTestId('application-status').innerText()).includes('已通过'), 'the status reads 已通过');
        await trailIs(mine, ['approve', 'approve'], "the parent's view");
        const steps = await mine.getByTestId('approval-trail-entry').allInnerTexts();
        assert(steps[0].includes('班主任') && steps[0].includes(teacherComment) && steps[1].includes('学部主任'), `the class teacher, then the division director: ${steps.join(' / ')}`);
        await mine.locator('img.ant-image-img').first().waitFor();
        await panelSettled(approved, 390);
        await mine.getByTestId('approval-trail').scrollIntoViewIfNeeded();
        assert(!(await scrollsSideways(approved)), 'the approved leave does not scroll sideways');
        await shot(approved, 'leave-approved-phone');
        await approved.close();

        // The class teacher's "on leave today": the child is there.
        await teacher.goto(`${base}/sqsp/qjsq`);
        await teacher.getByTestId('leave-page').waitFor();
        await teacher.getByTestId('leave-tab-onLeave').click();
        const onLeave = teacher.locator(`[data-testid="on-leave-card"][data-id="${id}"]`);
        await onLeave.waitFor();
        assert((await onLeave.innerText()).includes(STUDENT), `the card names the child: ${await onLeave.innerText()}`);
        assert((await teacher.getByTestId('on-leave-count').innerText()).includes(dayText(dayFrom(0))), 'the count is of today');
        assert(!(await scrollsSideways(teacher)), '"on leave today" does not scroll sideways');
        await shot(teacher, 'on-leave-phone');
        await onLeave.click();
        const readOnly = teacher.getByTestId('application-detail');
        await readOnly.waitFor();
        assert((await readOnly.getAttribute('data-id')) === String(id), 'the card opens the leave');
        assert((await teacher.locator(`[data-testid="application-withdraw-${id}"], [data-testid="application-cancel-${id}"]`).count()) === 0, 'read only for the class teacher');
      } finally {
        await parentPhone.close();
        await teacherPhone.close();
      }
      assert(errors.length === 0, `uncaught errors on the other pages: ${errors.join(' | ')}`);
    },
  },
  {
    name: 'applications: a teacher tries to approve their own travel and is refused',
    async run({ page, context, base, shot: flowShot }) {
      const destination = `省实验中学 ${String(Date.now()).slice(-6)}`;
      const start = `${dayText(dayFrom(12))} 08:00`;
      const end = `${dayText(dayFrom(12))} 17:30`;
      await signIn(page, context, base, 'T0001');
      await page.goto(`${base}/sqsp/wcsq`);
      await page.getByTestId('travel-page').waitFor();
      await page.getByTestId('application-apply').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('travel-dialog') });
      await dialog.waitFor();
      await page.getByTestId('travel-form-destination').fill(destination);
      await typeDateTime(page, 'travel-form-start', start);
      await typeDateTime(page, 'travel-form-end', end);
      await page.getByTestId('travel-form-follower').fill('李老师');
      await page.getByTestId('travel-form-reason').fill('参加全省初中数学课堂教学观摩活动。');
      await flowShot('travel-form');
      const created = answerOf(page, '/api/applications/travel/create');
      await page.getByTestId('travel-dialog-ok').click();
      const { data } = await answered(await created, 'the travel was filed');
      const id = data.id;
      await dialog.waitFor({ state: 'hidden' });
      const row = page.locator('.page-view:visible .ant-table-row').filter({ has: page.getByTestId(`application-view-${id}`) });
      await row.waitFor();
      assert((await row.getByTestId('application-status').getAttribute('data-status')) === 'pending', 'the travel is pending');

      // T0001 heads their own department: the first step waits for them and the principal.
      await page.goto(`${base}/sqsp/sqsh`);
      await page.getByTestId('review-page').waitFor();
      const approve = page.getByTestId(`review-approve-${id}`);
      await approve.waitFor();
      await approve.click();
      const { dialog: decision, body, status } = await decide(page, '同意外出。');
      assert(body.result === false && status === 403, `the server refuses: HTTP ${status} ${JSON.stringify(body).slice(0, 200)}`);
      await page.locator('.ant-message-error').filter({ hasText: '不能审核自己的申请' }).first().waitFor();
      assert(await decision.isVisible(), 'the dialog stays open, nothing changed');
      await flowShot('refused');
      await page.getByTestId('review-decision-cancel').click();
      await decision.waitFor({ state: 'hidden' });

      // Still pending, still waiting; its detail offers no decision to its applicant.
      await page.reload();
      await page.getByTestId('review-page').waitFor();
      await approve.waitFor();
      await page.getByTestId(`review-view-${id}`).click();
      const detail = page.getByTestId('review-detail');
      await detail.waitFor();
      assert((await detail.getAttribute('data-id')) === String(id), 'the travel opens');
      assert((await detail.getByTestId('application-status').getAttribute('data-status')) === 'pending', 'it stays pending');
      await trailIs(detail, ['waiting'], 'after the refusal');
      assert((await page.getByTestId('review-detail-approve').count()) === 0, 'no approve button for its applicant');
      const answer = await api(page, base, 'T0001', '/api/applications/travel/get', { id });
      assert(answer.data.status === 'pending' && answer.data.step === 1, `pending at step 1: ${JSON.stringify(answer.data).slice(0, 200)}`);
      await flowShot('still-pending');
    },
  },
  {
    name: 'applications: the four pages in English show no Chinese outside data',
    async run({ page, context, base, browser, shot: flowShot }) {
      const errors = [];
      // The parent's leave page on a phone.
      const phone = await browser.newContext({ ...PHONE, locale: 'en-GB' });
      try {
        const mobile = watchErrors(await phone.newPage(), errors);
        await signIn(mobile, phone, base, PARENT, 'en');
        await mobile.goto(`${base}/sqsp/qjsq`);
        await mobile.getByTestId('leave-page').waitFor();
        const card = mobile.getByTestId('application-card').first();
        await card.waitFor();
        const children = { dataSelectors: ['[data-testid="leave-child-name"]'] };
        await assertEnglish(mobile, 'the leave list', children);
        assert(!(await scrollsSideways(mobile)), 'the English list does not scroll sideways');
        await shot(mobile, 'leave-list-phone-en');
        const got = answerOf(mobile, '/api/applications/leave/get');
        // The title, not the middle: a card's buttons (withdraw, report the return) do not open it.
        await card.locator('.application-card-title').click();
        const application = (await got.then((r) => r.json())).data;
        await mobile.getByTestId('application-detail').waitFor();
        await panelSettled(mobile, 390);
        await assertEnglish(mobile, 'a leave', { dataTexts: dataOf(application) });
        assert(!(await scrollsSideways(mobile)), 'the English leave does not scroll sideways');
        await shot(mobile, 'leave-detail-phone-en');
        await mobile.getByTestId('application-close').click();
        await mobile.getByTestId('application-detail').waitFor({ state: 'hidden' });
        await mobile.getByTestId('application-apply').click();
        await mobile.getByTestId('leave-dialog').waitFor();
        await mobile.getByTestId('leave-dialog-ok').click();
        await formChecks(mobile, 4, 'the leave form shows its checks');
        await assertEnglish(mobile, 'the leave form', children);
        assert(!(await scrollsSideways(mobile)), 'the English form does not scroll sideways');
        await shot(mobile, 'leave-form-phone-en');
      } finally {
        await phone.close();
      }

      // The class teacher: both tabs of the leave page, and the review page.
      await signIn(page, context, base, 'T0002', 'en');
      await page.goto(`${base}/sqsp/qjsq`);
      await page.getByTestId('leave-page').waitFor();
      await page.locator('.page-view:visible [data-testid="leave-table"] .ant-table-row').first().waitFor();
      await assertEnglish(page, "the class teacher's leave");
      await page.getByTestId('leave-tab-onLeave').click();
      await page.getByTestId('on-leave-count').waitFor();
      await assertEnglish(page, 'on leave today');
      await flowShot('on-leave-en');

      await page.goto(`${base}/sqsp/sqsh`);
      await page.getByTestId('review-page').waitFor();
      const firstView = page.locator('.page-view:visible [data-testid^="review-view-"]').first();
      await firstView.waitFor();
      await assertEnglish(page, 'the waiting list');
      const id = Number((await firstView.getAttribute('data-testid')).replace('review-view-', ''));
      const reviewed = answerOf(page, '/api/applications/review/get');
      await firstView.click();
      const waiting = (await reviewed.then((r) => r.json())).data;
      await page.getByTestId('review-detail').waitFor();
      await panelSettled(page, 720);
      await assertEnglish(page, 'an application to review', { dataTexts: dataOf(waiting) });
      await flowShot('review-detail-en');
      await page.getByTestId('review-detail-reject').click();
      await page.getByTestId('review-decision').waitFor();
      await page.getByTestId('review-decision-ok').click();
      await formChecks(page, 1, 'a rejection asks for a comment');
      // (The application's panel stays open behind the dialog.)
      await assertEnglish(page, 'the rejection dialog', { dataSelectors: ['.review-decision-names .ant-tag'], dataTexts: dataOf(waiting) });
      await flowShot('reject-dialog-en');
      await page.getByTestId('review-decision-cancel').click();
      await page.getByTestId('review-decision').waitFor({ state: 'hidden' });
      assert((await page.getByTestId(`review-approve-${id}`).count()) === 1, 'nothing was decided');
      await page.locator('.ant-drawer-section .ant-drawer-close').last().click();
      await page.getByTestId('review-tab-decided').click();
      await page.locator('.page-view:visible [data-testid^="review-mine-"]').first().waitFor();
      await assertEnglish(page, 'the decided list');
      await flowShot('review-decided-en');

      // A teacher's travel page.
      await switchUser(page, context, base, 'T0001', 'en');
      await page.goto(`${base}/sqsp/wcsq`);
      await page.getByTestId('travel-page').waitFor();
      const travelRow = page.locator('.page-view:visible [data-testid="travel-table"] .ant-table-row').first();
      await travelRow.waitFor();
      await assertEnglish(page, 'the travel list');
      const travelGot = answerOf(page, '/api/applications/travel/get');
      await travelRow.click();
      const travel = (await travelGot.then((r) => r.json())).data;
      await page.getByTestId('application-detail').waitFor();
      await assertEnglish(page, 'a travel application', { dataTexts: dataOf(travel) });
      await flowShot('travel-detail-en');
      await page.getByTestId('application-close').click();
      await page.getByTestId('application-apply').click();
      await page.getByTestId('travel-dialog').waitFor();
      await page.getByTestId('travel-dialog-ok').click();
      await formChecks(page, 4, 'the travel form shows its checks');
      await assertEnglish(page, 'the travel form');
      await flowShot('travel-form-en');
      await page.getByTestId('travel-dialog-cancel').click();

      // The administrator's approval chains.
      await switchUser(page, context, base, 'admin', 'en');
      await page.goto(`${base}/sqsp/splc`);
      await page.getByTestId('flows-page').waitFor();
      await page.getByTestId('flow-chain-studentLeave').waitFor();
      await assertEnglish(page, 'the approval chains');
      // The chains name no role or person by default: the whole table is the page's own text.
      const table = await page.getByTestId('flows-table').innerText();
      assert(!CHINESE.test(table), `the chains show Chinese: ${table.slice(0, 300)}`);
      assert(table.includes('Class teacher') && table.includes('Division director'), `the steps are named: ${table.slice(0, 300)}`);
      await flowShot('flows-en');
      await page.getByTestId('flow-edit-travel').click();
      await page.locator('.ant-modal').filter({ hasText: 'Approval chain of Travel' }).first().waitFor();
      await assertEnglish(page, 'the chain dialog');
      await flowShot('flow-dialog-en');
      assert(errors.length === 0, `uncaught errors on the phone: ${errors.join(' | ')}`);
    },
  },
];
