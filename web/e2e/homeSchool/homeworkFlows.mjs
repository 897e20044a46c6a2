// Browser flows of 家校互动's homework (作业发布 /jxhd/zyfb and 我的作业 /jxhd/wdzy), appended to the flows of flows.mjs.
import { assert, switchToEnglish, until } from '../flows.mjs';
import { assertEnglish, gradientPng, LED_CLASS, listText, panelSettled, PHONE, pickOption, scrollsSideways, shotOf, signIn, waitForList } from './noticeFlows.mjs';

/** The student of the class T0002 leads (account 201911001), whose parent is jz201911001. */
const STUDENT = '张小明';
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

/** A time a few days ahead, as the assignment form and the server write it ('YYYY-MM-DD HH:mm'). */
function daysAhead(days) {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (n) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} 17:30`;
}

/** Whether a server answer is a success (HTTP 200 and `result: true`). */
export async function answered(response, what) {
  assert(response.status() === 200, `${what}: HTTP ${response.status()}`);
  const body = await response.json();
  assert(body.result === true, `${what}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

export const answerOf = (page, path) => page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST', { timeout: 30_000 });

/** Collects the uncaught errors of a page that is not the flow's own (a second context or a popup). */
export function watchErrors(page, errors) {
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

/**
 * Opens the bell's pane, waits for the unread message titled `title` (the pane lists the newest first) and
 * opens it: a homework message has a link, which opens in a new window of the same browser. Answers that
 * window; the pane is closed again.
 */
export async function openFromBell(page, title, errors, shotName) {
  const bell = page.getByTestId('message-bell');
  // Opening the pane asks the server for the count too.
  await bell.click();
  const pane = page.getByTestId('message-pane');
  await pane.waitFor();
  const item = page.locator('[data-testid="message-item"][data-status="0"]').filter({ hasText: title }).first();
  await item.waitFor({ timeout: 30_000 });
  await until(async () => Number(await bell.getAttribute('data-unread')) > 0, `the badge counts "${title}"`);
  if (shotName) await shotOf(page, shotName);
  assert((await item.locator('.campus-message-link-icon').count()) === 1, `"${title}" links to its page`);
  const [popup] = await Promise.all([page.context().waitForEvent('page'), item.click()]);
  watchErrors(popup, errors);
  await until(async () => (await page.locator(`[data-testid="message-item"]`).filter({ hasText: title }).first().getAttribute('data-status')) === '1', `"${title}" shows read`);
  await page.locator('.campus-message-pane .ant-drawer-close').click();
  await pane.waitFor({ state: 'hidden' });
  await popup.waitForLoadState();
  return popup;
}

/** Uploads a generated picture through a FileUpload (its own chooser, not the phone's camera one). */
export async function uploadPicture(page, testId, name) {
  const uploaded = answerOf(page, '/api/files/upload');
  await page.getByTestId(testId).locator('input[type=file]:not([capture])').setInputFiles({ name, mimeType: 'image/png', buffer: gradientPng() });
  await answered(await uploaded, `the picture ${name} was uploaded`);
  await until(async () => (await page.getByTestId(testId).locator('.ant-upload-list-item-name').allInnerTexts()).join() === name, `${name} is listed`);
}

/** The texts of the open assignment view without its data (title, names, content, files, the works' rows). */
const viewChrome = (page) =>
  page.evaluate(() => {
    const panel = document.querySelector('[data-testid="assignment-view"]')?.closest('.ant-drawer-section');
    if (!panel) return '';
    const clone = panel.cloneNode(true);
    clone
      .querySelectorAll('.assignment-data, .assignment-content, .assignment-files, .ant-table-tbody, .ant-select-selection-item, .ant-pagination-options')
      .forEach((node) => node.remove());
    return clone.textContent ?? '';
  });

export const homeworkFlows = [
  {
    name: 'homework: the class teacher assigns with a picture and a recording; the parent hands in on a phone; a revision is asked, handed in and approved; each step reaches the bell',
    async run({ page, context, base, browser, shot }) {
      const errors = [];
      const stamp = String(Date.now()).slice(-6);
      const title = `朗读练习 ${stamp}`;
      const content = `朗读课文《春》第一段并录音，注意停顿和语气 ${stamp}`;
      const answer = `已朗读三遍，第二段还不太熟 ${stamp}`;
      const parentMessage = `孩子这周感冒，录音有点鼻音，请老师见谅 ${stamp}`;
      const note = `第二段读得太快，请放慢语速重新朗读 ${stamp}`;
      const revised = `已放慢语速重新朗读第二段 ${stamp}`;
      const approval = `订正认真，进步明显 ${stamp}`;
      const when = daysAhead(3);

      // The class teacher assigns it.
      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/jxhd/zyfb`);
      await page.getByTestId('assignments-page').waitFor();
      await waitForList(page);
      await page.getByTestId('assignments-page').getByTestId('manage-add').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('assignment-dialog') });
      await dialog.waitFor();
      await page.getByTestId('assignment-form-title').fill(title);
      const editor = page.getByTestId('assignment-form-content').locator('[contenteditable="true"]');
      await editor.click();
      await page.keyboard.type(content);
      await until(async () => (await editor.innerText()).trim() === content, 'the content is typed in the editor');
      const picker = dialog.locator('.ant-picker input').first();
      await picker.click();
      await picker.fill(when);
      await picker.press('Enter');
      await until(async () => (await picker.inputValue()) === when, 'the end time is set');
      await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
      const revision = page.getByTestId('assignment-form-revision');
      await revision.click();
      await until(async () => (await revision.getAttribute('aria-checked')) === 'true', 'needs revision is on');
      await uploadPicture(page, 'assignment-form-images', 'reading.png');

      // A recording from the browser's (fake) microphone, uploaded as it stops.
      const recorder = page.getByTestId('assignment-form-recordings');
      assert((await recorder.getByTestId('assignment-form-recordings-unsupported').count()) === 0, 'the browser can record');
      await page.getByTestId('assignment-form-recordings-record').click();
      const timer = page.getByTestId('assignment-form-recordings-timer');
      await timer.waitFor();
      await until(async () => /00:0[2-9]/.test(await timer.innerText()), 'two seconds are recorded');
      const recordingSaved = answerOf(page, '/api/files/upload');
      await page.getByTestId('assignment-form-recordings-stop').click();
      const stored = await answered(await recordingSaved, 'the recording was uploaded');
      assert(JSON.stringify(stored).includes('.m4a'), `the recording is stored as M4A: ${JSON.stringify(stored).slice(0, 200)}`);
      await until(async () => (await recorder.getByTestId('assignment-form-recordings-item').count()) === 1, 'the recording is listed');
      await recorder.getByTestId('assignment-form-recordings-audio').waitFor();
      assert((await recorder.getByTestId('assignment-form-recordings-unsaved').count()) === 0, 'nothing left unsaved');

      await pickOption(page, page.getByTestId('assignment-form-classes'), LED_CLASS);
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
      await shot('assign-form');
      const created = page.waitForRequest((r) => r.url().endsWith('/api/homeSchool/assignments/create'));
      const createdAnswer = answerOf(page, '/api/homeSchool/assignments/create');
      await page.getByTestId('assignment-dialog-ok').click();
      const body = (await created).postDataJSON();
      assert(
        body.title === title &&
          body.content.includes(content) &&
          body.classIds.length === 1 &&
          body.images.length === 1 &&
          body.recordings.length === 1 &&
          body.endAt === when &&
          /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(body.endAt) &&
          body.needsRevision === true &&
          body.onlineSubmission === true,
        `the assignment sent: ${JSON.stringify(body)}`,
      );
      const { data: assigned } = await answered(await createdAnswer, 'the assignment was created');
      const total = assigned.count;
      assert(Number.isInteger(assigned.id) && total >= 1, `assigned to the class's students: ${JSON.stringify(assigned)}`);
      await dialog.waitFor({ state: 'hidden' });
      await page.locator('.ant-message-success').filter({ hasText: `已布置给${total}名学生` }).first().waitFor();
      await until(async () => (await listText(page)).includes(title), 'the new assignment is listed');
      const id = assigned.id;
      const progress = page.getByTestId(`assignment-progress-${id}`);
      await until(async () => (await progress.innerText()).includes(`已交 0/${total}`), 'the row shows its progress');
      assert((await progress.innerText()).includes(`未交 ${total}`), `everyone is missing so far: ${await progress.innerText()}`);
      assert((await page.locator('.page-view:visible .ant-table-row', { hasText: title }).getByTestId('assignment-flag-revision').count()) === 1, 'the row shows it needs revision');
      await shot('assigned-list');

      // The parent, on a phone: the bell's message opens the homework.
      const parentPhone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      let studentId;
      try {
        const mobile = watchErrors(await parentPhone.newPage(), errors);
        await signIn(mobile, parentPhone, base, 'jz201911001');
        const homework = await openFromBell(mobile, `新作业：${title}`, errors, 'homework-bell-phone');
        const detail = homework.getByTestId('my-homework-detail');
        await detail.waitFor({ timeout: 30_000 });
        assert((await detail.getAttribute('data-id')) === String(id), 'the linked homework opens');
        await until(async () => (await detail.getAttribute('data-status')) === 'viewed', 'opening it marks it viewed');
        assert((await detail.getByTestId('my-homework-detail-title').innerText()).includes(title), 'its title');
        assert((await detail.getByTestId('my-homework-content').innerText()).includes(content), 'its content');
        assert((await detail.getByTestId('my-homework-child').innerText()).includes(STUDENT), 'the child it is for');
        const attachments = detail.getByTestId('my-homework-attachments');
        const picture = attachments.locator('img.ant-image-img').first();
        await picture.waitFor();
        await until(async () => (await picture.evaluate((el) => el.complete && el.naturalWidth)) === 64, 'the picture decodes');
        // The recording plays on demand: downloaded through the request client, then decoded by the browser.
        await attachments.getByTestId('notice-play-audio').click();
        const audio = attachments.getByTestId('notice-audio');
        await audio.waitFor();
        const played = await until(
          async () => audio.evaluate((el) => (el.error ? `error ${el.error.code}` : el.readyState >= 1 ? `duration ${el.duration}` : '')),
          'the recording loads in the player',
          20_000,
        );
        assert(played.startsWith('duration'), `the recording decodes: ${played}`);
        await panelSettled(homework, 390);
        await shotOf(homework, 'homework-opened-phone');

        const form = detail.getByTestId('my-homework-hand-in');
        assert((await form.getAttribute('data-mode')) === 'first', 'a first hand-in');
        await homework.getByTestId('my-homework-text').fill(answer);
        await uploadPicture(homework, 'my-homework-images', 'reading-notes.png');
        await homework.getByTestId('my-homework-parent-message-input').fill(parentMessage);
        assert(!(await scrollsSideways(homework)), 'the hand-in form does not scroll sideways');
        await shotOf(homework, 'homework-hand-in-phone');
        const submitted = homework.waitForRequest((r) => r.url().endsWith('/api/homeSchool/myHomework/submit'));
        const submitAnswer = answerOf(homework, '/api/homeSchool/myHomework/submit');
        await homework.getByTestId('my-homework-send').click();
        const handIn = (await submitted).postDataJSON();
        assert(handIn.assignmentId === id && handIn.text === answer && handIn.images.length === 1 && handIn.parentMessage === parentMessage, `the hand-in sent: ${JSON.stringify(handIn)}`);
        studentId = handIn.studentId;
        assert(Number.isInteger(studentId), 'a parent names the child');
        await answered(await submitAnswer, 'the homework was handed in');
        await homework.locator('.ant-message-success').filter({ hasText: '提交成功' }).first().waitFor();
        await until(async () => (await detail.getAttribute('data-status')) === 'submitted', 'the status is submitted');
        const handedIn = detail.getByTestId('my-homework-submission');
        await handedIn.waitFor();
        assert((await handedIn.innerText()).includes(answer), 'the answer is shown');
        assert((await handedIn.getByTestId('my-homework-parent-message').innerText()).includes(parentMessage), "the parent's message is shown");
        await handedIn.locator('img.ant-image-img').first().waitFor();
        assert(!(await scrollsSideways(homework)), 'the handed-in homework does not scroll sideways');
        await shotOf(homework, 'homework-handed-in-phone');
      } finally {
        await parentPhone.close();
      }

      // The class teacher: the bell's message opens the assignment at the child's work, now to be checked.
      const checking = await openFromBell(page, `${STUDENT}已提交：${title}`, errors);
      const work = checking.getByTestId('assignment-work');
      await work.waitFor({ timeout: 30_000 });
      assert((await work.getAttribute('data-student')) === String(studentId), "the child's work opens");
      await until(async () => (await work.getAttribute('data-status')) === 'to_check', 'opening it makes it to be checked');
      assert((await work.getByTestId('assignment-work-submission').innerText()).includes(answer), 'the answer is shown');
      assert((await work.getByTestId('assignment-work-parent-message').innerText()).includes(parentMessage), "the parent's message is shown");
      await work.getByTestId('assignment-work-submission').locator('img.ant-image-img').first().waitFor();
      await until(async () => (await checking.getByTestId(`work-status-${studentId}`).getByTestId('homework-status').getAttribute('data-status')) === 'to_check', 'the works list follows');
      await panelSettled(checking, 640);
      await shotOf(checking, 'homework-work-to-check');

      await checking.getByTestId('assignment-work-revise').click();
      const action = checking.locator('.ant-modal').filter({ has: checking.getByTestId('assignment-action') });
      await action.waitFor();
      assert((await action.getByTestId('assignment-action-students').innerText()).includes(STUDENT), 'the dialog names the child');
      await checking.getByTestId('assignment-action-note').fill(note);
      const revise = answerOf(checking, '/api/homeSchool/assignments/revise');
      await checking.getByTestId('assignment-action-ok').click();
      await answered(await revise, 'the revision was asked');
      await checking.locator('.ant-message-success').filter({ hasText: '已要求1名学生订正' }).first().waitFor();
      await action.waitFor({ state: 'hidden' });
      await until(async () => (await work.getAttribute('data-status')) === 'to_revise', 'the work is to revise');
      assert((await work.getByTestId('assignment-work-revision-note').innerText()).includes(note), 'the note is shown');
      await checking.close();

      // The student, on a phone: the bell asks for the revision; it is handed in.
      const studentPhone = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
      try {
        const mobile = watchErrors(await studentPhone.newPage(), errors);
        await signIn(mobile, studentPhone, base, '201911001');
        const homework = await openFromBell(mobile, `请订正作业：${title}`, errors);
        const detail = homework.getByTestId('my-homework-detail');
        await detail.waitFor({ timeout: 30_000 });
        assert((await detail.getAttribute('data-id')) === String(id), 'the linked homework opens');
        assert((await detail.getAttribute('data-status')) === 'to_revise', 'it is to revise');
        const form = detail.getByTestId('my-homework-hand-in');
        assert((await form.getAttribute('data-mode')) === 'revision', 'the form hands in the revision');
        assert((await form.getByTestId('my-homework-revision-note').innerText()).includes(note), "the teacher's note is shown");
        assert((await homework.getByTestId('my-homework-parent-message-input').count()) === 0, 'a student leaves no parent message');
        await panelSettled(homework, 390);
        await homework.getByTestId('my-homework-text').fill(revised);
        assert(!(await scrollsSideways(homework)), 'the revision form does not scroll sideways');
        await shotOf(homework, 'homework-revision-phone');
        const submitAnswer = answerOf(homework, '/api/homeSchool/myHomework/submit');
        await homework.getByTestId('my-homework-send').click();
        await answered(await submitAnswer, 'the revision was handed in');
        await homework.locator('.ant-message-success').filter({ hasText: '订正已提交' }).first().waitFor();
        await until(async () => (await detail.getAttribute('data-status')) === 'revised_pending', 'the revision waits for the teacher');
        assert((await detail.getByTestId('my-homework-revision').innerText()).includes(revised), 'the revision is shown');
        await homework.close();

        // The class teacher approves the revision from the bell.
        const approving = await openFromBell(page, `${STUDENT}已提交订正：${title}`, errors);
        const revisedWork = approving.getByTestId('assignment-work');
        await revisedWork.waitFor({ timeout: 30_000 });
        assert((await revisedWork.getAttribute('data-status')) === 'revised_pending', 'the revision is pending');
        assert((await revisedWork.getByTestId('assignment-work-revision').innerText()).includes(revised), 'the revision is shown');
        await approving.getByTestId('assignment-work-approve').click();
        const approve = approving.locator('.ant-modal').filter({ has: approving.getByTestId('assignment-action') });
        await approve.waitFor();
        await approving.getByTestId('assignment-action-comment').fill(approval);
        const approved = answerOf(approving, '/api/homeSchool/assignments/approve');
        await approving.getByTestId('assignment-action-ok').click();
        await answered(await approved, 'the revision was approved');
        await approving.locator('.ant-message-success').filter({ hasText: '已通过1份订正' }).first().waitFor();
        await approve.waitFor({ state: 'hidden' });
        await until(async () => (await revisedWork.getAttribute('data-status')) === 'revised_approved', 'the revision is approved');
        await until(async () => (await approving.getByTestId(`work-status-${studentId}`).innerText()).includes('订正通过'), 'the works list shows it approved');
        await shotOf(approving, 'homework-work-approved');
        await approving.close();

        // The student's bell tells of the approval; the homework shows it.
        await mobile.reload();
        await mobile.getByTestId('app-content').waitFor();
        const done = await openFromBell(mobile, `订正已通过：${title}`, errors);
        const final = done.getByTestId('my-homework-detail');
        await final.waitFor({ timeout: 30_000 });
        await until(async () => (await final.getAttribute('data-status')) === 'revised_approved', 'the homework is approved');
        assert((await final.getByTestId('my-homework-status').first().innerText()).includes('订正通过'), 'the status reads 订正通过');
        assert((await final.getByTestId('my-homework-hand-in').count()) === 0, 'nothing is left to hand in');
        await panelSettled(done, 390);
        assert(!(await scrollsSideways(done)), 'the approved homework does not scroll sideways');
        await shotOf(done, 'homework-approved-phone');
        await done.getByTestId('my-homework-close').click();
        await done.getByTestId('my-homework-tab-done').click();
        const card = done.locator(`[data-testid="my-homework-card"][data-id="${id}"]`);
        await card.waitFor();
        assert((await card.getByTestId('my-homework-status').innerText()).includes('订正通过'), 'the card reads 订正通过');
        await shotOf(done, 'homework-done-phone');
      } finally {
        await studentPhone.close();
      }

      // The class teacher's list, in English: the progress follows; no Chinese outside data.
      await switchToEnglish(page);
      await page.goto(`${base}/jxhd/zyfb`);
      await page.getByTestId('assignments-page').waitFor();
      await waitForList(page);
      await until(async () => (await page.getByTestId(`assignment-progress-${id}`).innerText()).includes(`1/${total}`), 'the list counts the hand-in');
      await assertEnglish(page, 'the assignment list');
      await shot('list-en');
      await page.getByTestId(`assignment-view-${id}`).click();
      const view = page.getByTestId('assignment-view');
      await view.waitFor();
      await until(async () => (await page.getByTestId(`work-status-${studentId}`).innerText()).includes('Revision approved'), 'the works list in English');
      await panelSettled(page, 1040);
      const chrome = await viewChrome(page);
      const found = chrome.match(new RegExp(`.{0,20}${CJK.source}.{0,20}`, 'u'));
      assert(!found, `the assignment view shows Chinese: …${found?.[0]}…`);
      await shot('view-en');
      assert(errors.length === 0, `uncaught errors on the other pages: ${errors.join(' | ')}`);
    },
  },
];
