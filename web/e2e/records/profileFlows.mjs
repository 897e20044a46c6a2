// Browser flows of issue 3's dialogs, timetables and messages (appended to the flows of flows.mjs).
// Each runs in Chinese and, where cheap, in English (the language cookie is set before signing in).
import { assert, until } from '../flows.mjs';

const DEMO_PASSWORD = 'Demo@2026';

const TEXT = {
  zh: { noPhoto: '暂无照片', timetableTab: '课表', back: '返回', invigilation: '监考信息', hours: '小时', week: (n) => `第${n}周`, messages: '消息' },
  en: { noPhoto: 'No photo', timetableTab: 'Timetable', back: 'Back', invigilation: 'Invigilation', hours: ' h', week: (n) => `Week ${n}`, messages: 'Messages' },
};

/**
 * The flows share one database: an earlier flow ('changes the password and logs in with the new one')
 * gives T0001 this password, so T0001 signs in with it when the demo password is refused.
 */
const CHANGED_PASSWORDS = { T0001: 'Teach2027ok' };

async function signIn(page, context, base, username, lang) {
  if (lang === 'en') await context.addCookies([{ name: 'language', value: 'en', url: base }]);
  await page.goto(`${base}/login`);
  for (const password of [DEMO_PASSWORD, CHANGED_PASSWORDS[username]].filter(Boolean)) {
    await page.locator('#username').fill(username);
    await page.locator('#password').fill(password);
    await page.getByTestId('login-submit').click();
    // The losing wait must not reject unobserved later (Node ends on an unhandled rejection).
    const outcome = await Promise.race([
      page.waitForURL(/\/dashboard$/).then(() => 'in', () => 'timeout'),
      page.getByTestId('login-failure').waitFor().then(() => 'refused', () => 'timeout'),
    ]);
    if (outcome === 'in') break;
  }
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('sidebar').waitFor();
}

/** The open dialog holding the element with this test id. */
const dialogWith = (page, testId) => page.locator('.ant-modal').filter({ has: page.getByTestId(testId) }).last();

/** Lesson blocks in a timetable. */
const lessons = (scope) => scope.locator('[data-testid="timetable-course"], [data-testid="timetable-elective"]');

async function chooseOption(page, select, text) {
  await select.click();
  const exact = new RegExp(`^\\s*${text.replace(/[()]/g, '\\$&')}\\s*$`);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: exact }).first();
  await option.waitFor();
  await option.click();
}

function adminOpensStudent(lang) {
  return {
    name: `admin opens a student's dialog from the student information table and sees the timetable tab (${lang})`,
    async run({ page, context, base, shot }) {
      const text = TEXT[lang];
      await signIn(page, context, base, 'admin', lang);
      await page.goto(`${base}/rygl/xsxx`);
      const list = page.getByTestId('students-page');
      await list.waitFor();
      await until(async () => (await list.getByTestId('student-name-link').count()) > 0, 'the first students are listed');
      await list.getByTestId('students-keyword').fill('张小明');
      await list.getByTestId('query-header-search').click();
      await until(async () => (await list.getByTestId('student-name-link').allInnerTexts()).join() === '张小明', 'the search finds 张小明');
      await list.getByTestId('student-name-link').click();

      const dialog = dialogWith(page, 'student-dialog-body');
      await dialog.getByTestId('student-basic').waitFor();
      await until(async () => (await dialog.getByTestId('student-basic').innerText()).includes('20190801'), 'the basic information arrives');
      const basic = await dialog.getByTestId('student-basic').innerText();
      for (const part of ['张小明', '初二(1)班', '李秀英', '2019']) assert(basic.includes(part), `basic information shows ${part}: ${basic}`);
      const photo = dialog.getByTestId('student-photo');
      assert((await photo.getByTestId('student-photo-img').count()) === 1 || (await photo.innerText()).includes(text.noPhoto), 'a photo or the no-photo text');
      // Measured once the opening animation is over.
      await until(async () => Math.round((await dialog.boundingBox()).width) === (lang === 'en' ? 810 : 650), 'dialog width 650 px, 810 px in English');
      await shot('basic');

      await dialog.getByTestId('student-tab-timetable').click();
      await dialog.getByTestId('timetable-grid').waitFor();
      await until(async () => (await lessons(dialog).count()) > 0, 'the timetable shows lessons');
      assert((await dialog.getByTestId('student-tab-timetable').innerText()).includes(text.timetableTab), 'the timetable tab');
      assert(/\d/.test(await dialog.getByTestId('timetable-hours').innerText()), 'weekly hours shown');
      await shot('timetable');
      await dialog.getByTestId('student-dialog-back').click();
      await dialog.waitFor({ state: 'hidden' });
    },
  };
}

function studentSwitchesTermAndWeek(lang) {
  return {
    name: `the student switches term and week in my timetable (${lang})`,
    async run({ page, context, base, shot }) {
      const text = TEXT[lang];
      await signIn(page, context, base, '201911001', lang);
      await page.goto(`${base}/kbgl/xskb`);
      const view = page.getByTestId('timetable');
      await view.getByTestId('timetable-grid').waitFor();
      await until(async () => (await lessons(view).count()) > 0, 'this week has lessons');
      assert((await page.getByTestId('timetable-student-name').innerText()).includes('张小明'), 'the student name heads the page');
      const weekSelect = view.locator('.campus-timetable-week');
      const week = Number((await weekSelect.innerText()).match(/\d+/)?.[0]);
      assert(week >= 1 && week <= 21, `a current week is selected (${week})`);
      assert((await view.locator('.campus-timetable-term').innerText()).includes('2026-2027'), 'the current term is selected');
      await shot('current-week');

      // The next week by the arrow, then a week from the list.
      const next = week < 21 ? week + 1 : week - 1;
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/mobileKb/queryXskb')), view.getByTestId(week < 21 ? 'timetable-next-week' : 'timetable-prev-week').click()]);
      await until(async () => (await weekSelect.innerText()).includes(text.week(next)), `week ${next} selected`);
      // A week near the selected one (the list renders the options in view).
      const picked = next > 3 ? next - 2 : next + 2;
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/mobileKb/queryXskb')), chooseOption(page, weekSelect, text.week(picked))]);
      await until(async () => (await weekSelect.innerText()).trim() === text.week(picked), `week ${picked} selected from the list`);
      await until(async () => (await lessons(view).count()) > 0, `week ${picked} has lessons`);

      // Another term: the week is cleared and chosen again (week 1 outside the current term).
      const terms = lang === 'en' ? '2025-2026 second term' : '2025-2026学年第二学期';
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/pk/initXnxqZc')), chooseOption(page, view.locator('.campus-timetable-term'), terms)]);
      await until(async () => (await view.locator('.campus-timetable-term').innerText()).includes(terms), 'the other term is selected');
      await until(async () => (await weekSelect.innerText()).trim() === text.week(1), 'week 1 of the other term');
      await page.waitForTimeout(300);
      await shot('other-term');

      // The week of a date: back to the current term (from 2026-08-31), week 5 for 2026-09-28.
      const dateInput = page.getByPlaceholder(lang === 'en' ? 'Go to a date' : '按日期跳转');
      await dateInput.click();
      const headers = await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-content th').allInnerTexts();
      assert(lang === 'en' ? headers.includes('Mo') : headers.includes('一'), `the calendar speaks the language: ${headers}`);
      await dateInput.fill('2026-09-28');
      await dateInput.press('Enter');
      await until(async () => (await view.locator('.campus-timetable-term').innerText()).includes('2026-2027'), 'back in the current term');
      await until(async () => (await weekSelect.innerText()).trim() === text.week(5), 'the week of the date');
      await until(async () => (await lessons(view).count()) > 0, 'that week has lessons');
    },
  };
}

function teacherOpensColleague(lang) {
  return {
    name: `the teacher opens a colleague's staff profile from the class timetable and the invigilation tab (${lang})`,
    async run({ page, context, base, shot }) {
      const text = TEXT[lang];
      await signIn(page, context, base, 'T0001', lang);
      await page.goto(`${base}/kbgl/bjkb`);
      const pageView = page.getByTestId('class-timetable-page');
      // The class comes from the drop-down of /api/classes/list (typing filters it by number or name).
      await pageView.getByTestId('timetable-class-select').click();
      await page.keyboard.type('20190801');
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: /^\s*初二\(1\)班\s*$/ }).first().click();
      await pageView.getByTestId('timetable-grid').waitFor();
      await until(async () => (await lessons(pageView).count()) > 20, 'the class timetable is filled');
      assert((await pageView.innerText()).includes('王建国'), 'the maths teacher teaches the class');
      await shot('class-timetable');

      await pageView.locator('[data-testid="teacher-link"][data-zgh="T0002"]').first().click();
      const dialog = dialogWith(page, 'staff-dialog-body');
      await dialog.getByTestId('staff-basic').waitFor();
      await until(async () => (await dialog.getByTestId('staff-basic').innerText()).includes('T0002'), 'the basic information arrives');
      assert((await dialog.locator('.ant-modal-title').innerText()).includes('李秀英'), 'the colleague is named');
      await until(async () => Math.round((await dialog.boundingBox()).width) === (lang === 'en' ? 810 : 650), 'dialog width 650 px, 810 px in English');
      for (const tab of ['jbxx', 'rzrk', 'course', 'pkxx']) assert((await dialog.getByTestId(`staff-tab-${tab}`).count()) === 1, `tab ${tab} shown to staff`);

      await dialog.getByTestId('staff-tab-rzrk').click();
      await until(async () => (await dialog.getByTestId('staff-appointment').innerText()).includes('初二(1)班'), 'the class she leads');

      await dialog.getByTestId('staff-tab-pkxx').click();
      assert((await dialog.getByTestId('staff-tab-pkxx').innerText()).includes(text.invigilation), 'the invigilation tab');
      const stats = dialog.getByTestId('staff-invigilation-stats');
      await until(async () => (await stats.innerText()).includes(text.hours), 'hours per role shown');
      await until(async () => (await dialog.locator('.ant-table-tbody tr.ant-table-row').count()) > 0, 'invigilation duties listed');
      await shot('invigilation');

      await dialog.getByTestId('staff-tab-course').click();
      await dialog.getByTestId('timetable-grid').waitFor();
      await until(async () => (await lessons(dialog).count()) > 0, "the colleague's timetable");
      await dialog.getByTestId('staff-dialog-back').click();
      await dialog.waitFor({ state: 'hidden' });
    },
  };
}

function parentReadsMessage(lang) {
  return {
    name: `the parent reads a message in the bell pane and the badge goes down (${lang})`,
    async run({ page, context, base, shot }) {
      const text = TEXT[lang];
      await signIn(page, context, base, 'jz201911001', lang);
      const bell = page.getByTestId('message-bell');
      const unread = async () => Number(await bell.getAttribute('data-unread'));
      const before = await until(async () => (await unread()) > 0 && (await unread()), 'the unread count arrives');
      await until(async () => (await bell.innerText()).trim() === String(before), `the badge shows ${before}`);

      await bell.click();
      const pane = page.getByTestId('message-pane');
      await pane.waitFor();
      assert((await page.locator('.campus-message-pane .ant-drawer-title').innerText()).includes(text.messages), 'the pane title');
      const items = page.locator('[data-testid="message-item"][data-status="0"]');
      await until(async () => (await items.count()) > 0, 'unread messages listed');
      assert((await page.getByTestId('message-item').count()) <= 10, 'ten a page at most');
      await shot('pane');

      // A message without a link: its content in a dialog, marked read. The areas' newer notices all carry
      // links, so the demo's parents'-meeting notices are found by their title.
      const search = pane.getByTestId('message-search').locator('input');
      await search.fill('家长会通知');
      await search.press('Enter');
      const plain = items.filter({ hasNot: page.locator('.campus-message-link-icon') }).first();
      await plain.waitFor();
      const id = await plain.getAttribute('data-id');
      await plain.click();
      const content = page.getByTestId('message-content');
      await until(async () => (await content.innerText()).trim().length > 0, 'the content is shown');
      await shot('content');
      await page.getByTestId('message-dialog-close').click();
      await until(async () => (await unread()) === before - 1, 'the badge went down by one');
      await until(async () => (await bell.innerText()).trim() === String(before - 1), 'the badge reads one less');
      await until(async () => (await page.locator(`[data-testid="message-item"][data-id="${id}"]`).getAttribute('data-status')) === '1', 'the message shows read');

      // A message with a link opens in a new window and is marked read.
      const linked = page.locator('[data-testid="message-item"][data-status="0"]').filter({ has: page.locator('.campus-message-link-icon') }).first();
      if ((await linked.count()) > 0) {
        const [popup] = await Promise.all([context.waitForEvent('page'), linked.click()]);
        await until(async () => (await unread()) === before - 2, 'the badge went down again');
        await popup.close();
      }
      assert(Number(await page.evaluate(() => sessionStorage.getItem('messageUnread'))) === (await unread()), 'the count is kept in session storage');

      // The message centre from the pane's footer.
      await page.getByTestId('message-open-center').click();
      await page.waitForURL(/\/messageCenter\/xxzx$/);
      const centre = page.getByTestId('message-center');
      await until(async () => (await centre.locator('.ant-table-tbody tr.ant-table-row').count()) > 0, 'the message centre lists the last week');
      const total = async () => Number((await centre.getByTestId('pagination-total').innerText()).match(/\d+/)?.[0]);
      const lastWeek = await until(async () => (await total()) > 0 && (await total()), 'the last week has messages');
      await centre.getByTestId('message-range-threeMonths').click();
      await until(async () => (await total()) > lastWeek, 'three months hold more messages than the last week');
      await shot('centre');
    },
  };
}

const teacherPicksColleague = {
  name: "a teacher sees their own timetable and picks a colleague's in the teacher timetable",
  async run({ page, context, base, shot }) {
    await signIn(page, context, base, 'T0002', 'zh');
    await page.goto(`${base}/kbgl/jskb`);
    const view = page.getByTestId('teacher-timetable-page');
    await view.getByTestId('timetable-grid').waitFor();
    await until(async () => (await lessons(view).count()) > 0, 'her own lessons');
    assert((await view.getByTestId('timetable-staff-number').innerText()) === 'T0002', 'her own timetable by default');
    await shot('own');

    await view.getByTestId('picker-field').click();
    const popover = page.getByTestId('picker-popover');
    await popover.waitFor();
    const search = popover.getByTestId('picker-people-search').locator('input').first();
    await search.fill('T0001');
    await search.press('Enter');
    const rows = popover.locator('.ant-table-tbody tr.ant-table-row');
    await until(async () => (await rows.count()) === 1 && (await rows.nth(0).innerText()).includes('T0001'), 'the colleague is found');
    await rows.nth(0).locator('input').first().check();
    await until(async () => (await view.getByTestId('timetable-staff-number').innerText()) === 'T0001', "the colleague's timetable");
    await page.keyboard.press('Escape');
    await until(async () => (await view.innerText()).includes('王建国'), 'the colleague is named');
    await until(async () => (await lessons(view).count()) > 0, "the colleague's lessons");
    await shot('colleague');
  },
};

export const profileFlows = [
  adminOpensStudent('zh'),
  adminOpensStudent('en'),
  studentSwitchesTermAndWeek('zh'),
  studentSwitchesTermAndWeek('en'),
  teacherOpensColleague('zh'),
  teacherOpensColleague('en'),
  teacherPicksColleague,
  parentReadsMessage('zh'),
  parentReadsMessage('en'),
];
