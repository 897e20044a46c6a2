// The user flows of issue 2. Each flow gets a fresh browser context (own cookies and storage).
import { profileFlows } from './records/profileFlows.mjs';
import { componentFlows } from './shared/componentFlows.mjs';
import { keywordFlows } from './shared/keywordFlows.mjs';
import { systemFlows } from './system/systemFlows.mjs';
import { peopleFlows } from './system/peopleFlows.mjs';
import { menusDictsFlows } from './system/menusDictsFlows.mjs';
import { campusFlows } from './system/campusFlows.mjs';
import { operationsFlows } from './system/operationsFlows.mjs';
import { mfaFlows } from './session/mfaFlows.mjs';
import { noticeFlows } from './homeSchool/noticeFlows.mjs';
import { eventConductFlows } from './homeSchool/eventConductFlows.mjs';
import { smsFlows } from './homeSchool/smsFlows.mjs';
import { homeworkFlows } from './homeSchool/homeworkFlows.mjs';
import { awardFlows } from './awards/awardFlows.mjs';
import { applicationFlows } from './applications/applicationFlows.mjs';
import { rollFlows } from './roll/rollFlows.mjs';
import { teachingClassFlows } from './roll/teachingClassFlows.mjs';
import { admissionFlows } from './roll/admissionFlows.mjs';
import { arrangementFlows } from './exams/arrangementFlows.mjs';
import { scoreEntryFlows } from './scores/scoreEntryFlows.mjs';
import { scoreAnalysisFlows } from './scores/scoreAnalysisFlows.mjs';
import { electiveFlows } from './electives/electiveFlows.mjs';
import { campusLifeFlows } from './campusLife/campusLifeFlows.mjs';
import { shiftFlows } from './electives/shiftFlows.mjs';
import { shiftChoiceFlows } from './electives/shiftChoiceFlows.mjs';
import { lessonChangeFlows } from './timetable/lessonChangeFlows.mjs';
import { timetableArrangeFlows } from './timetable/arrangeFlows.mjs';
import { evaluationFlows } from './evaluation/evaluationFlows.mjs';
import { certificateFlows } from './applications/certificateFlows.mjs';
import { surveyFlows } from './surveys/surveyFlows.mjs';
import { teachingFlows } from './teaching/teachingFlows.mjs';
import { safetyFlows } from './safety/safetyFlows.mjs';
import { headTeacherFlows } from './headTeacher/headTeacherFlows.mjs';

const DEMO_PASSWORD = 'Demo@2026';
const TOKEN_KEY = 'X-TOKEN-XX';

export function assert(condition, message) {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

/** Polls until `check` returns a truthy value (or throws the last reason after the timeout). */
export async function until(check, message, timeoutMs = 10_000) {
  const started = Date.now();
  let last;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out: ${message}${last ? ` (${last.message})` : ''}`);
}

/** Switches the signed-in page to English with the header's button, and waits until it reads 中文. */
export async function switchToEnglish(page) {
  await Promise.all([page.waitForEvent('load'), page.getByTestId('language-button').click()]);
  await until(async () => (await page.getByTestId('language-button').innerText()).includes('中文'), 'the page is in English');
}

async function login(page, base, username, password) {
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Opens the change-password dialog from the user menu. A click that lands while the menu is still sliding
 * in may miss its item, so the menu is opened again until the dialog shows.
 */
async function openChangePassword(page) {
  const modal = page.locator('.change-password-modal .ant-modal');
  await until(async () => {
    if (await modal.isVisible()) return true;
    if (!(await page.getByTestId('menu-change-password').isVisible())) await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-change-password').click({ timeout: 3000 });
    await modal.waitFor({ timeout: 3000 });
    return true;
  }, 'the change-password dialog opens', 15_000);
  return modal;
}

async function loginOk(page, base, username, password = DEMO_PASSWORD) {
  await login(page, base, username, password);
  await page.waitForURL(/\/dashboard$/);
  // The top bar, not the sidebar: on a phone the menu is a drawer that opens from the top bar's button.
  await page.getByTestId('top-bar').waitFor();
}

const sidebar = (page) => page.getByTestId('sidebar');
const tabs = (page) => page.locator('.app-tab');
const tabTitles = (page) => page.locator('.app-tab .app-tab-title').allInnerTexts();

/** Opens a page from the sidebar: the group, then the entry. */
async function openFromSidebar(page, group, entry) {
  const item = sidebar(page).locator('.ant-menu-item', { hasText: entry });
  if (!(await item.first().isVisible())) await sidebar(page).locator('.ant-menu-submenu-title', { hasText: group }).click();
  await item.first().click();
}

async function contextMenu(page, tabTitle, action) {
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  // A menu opened while the previous one is still leaving can be that leaving one, which never becomes
  // clickable: close it and open the menu again.
  for (let attempt = 1; ; attempt++) {
    await tabs(page).filter({ hasText: tabTitle }).click({ button: 'right' });
    try {
      await menu.getByRole('menuitem', { name: action, exact: true }).click({ timeout: 4000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
    }
  }
  await menu.waitFor({ state: 'hidden' }).catch(() => undefined);
}

async function encryptionOn(base) {
  const res = await fetch(`${base}/api/config/client`);
  return !!(await res.json()).data?.encryption;
}

async function token(page) {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** Sign-in, the layout, the shared components and system management (web/e2e/run.mjs runs each lane on its own server). */
const platformFlows = [
  {
    name: 'admin logs in and sees the sidebar',
    async run({ page, base }) {
      await page.goto(base + '/');
      await page.waitForURL(/\/login/);
      await loginOk(page, base, 'admin');
      const text = await sidebar(page).innerText();
      for (const title of ['首页', '家校互动', '成绩管理', '系统管理']) assert(text.includes(title), `sidebar shows ${title}`);
      assert((await page.getByTestId('user-name').innerText()).includes('系统管理员'), 'top bar shows the user name');
      assert((await tabTitles(page)).join() === '首页', 'only the dashboard tab is open');
      assert(await token(page), 'the token is stored');
      assert((await page.evaluate(() => localStorage.getItem('loginFail'))) === '0', 'the login-failure flag is 0');
      await page.getByTestId('dashboard').waitFor();
    },
  },
  {
    name: 'opens three pages and uses close, close others, close all from the tab menu',
    async run({ page, base, shot }) {
      await loginOk(page, base, 'admin');
      await openFromSidebar(page, '家校互动', '作业发布');
      await page.waitForURL(/\/jxhd\/zyfb$/);
      await openFromSidebar(page, '家校互动', '通知发布');
      await page.waitForURL(/\/jxhd\/tzfb$/);
      await openFromSidebar(page, '问卷调查', '问卷统计');
      await page.waitForURL(/\/survey\/wjtj$/);
      await page.locator('.page-view:visible').getByTestId('survey-statistics-page').waitFor();
      assert((await tabTitles(page)).join() === '首页,作业发布,通知发布,问卷统计', `four tabs open: ${await tabTitles(page)}`);
      // Visited pages stay mounted (hidden); the dashboard is not cached.
      await until(async () => (await page.locator('.page-view').count()) === 3, 'three pages kept alive');
      const crumbs = await page.getByTestId('breadcrumb').innerText();
      assert(crumbs.includes('首页') && crumbs.includes('问卷调查') && crumbs.includes('问卷统计'), `breadcrumb: ${crumbs}`);
      assert((await page.getByTestId('breadcrumb').locator('a').count()) === 2, 'every crumb but the last is a link');
      // The arrow buttons step between tabs.
      await page.getByTestId('tabs-prev').click();
      await page.waitForURL(/\/jxhd\/tzfb$/);
      await page.getByTestId('tabs-next').click();
      await page.waitForURL(/\/survey\/wjtj$/);
      await shot('three-tabs');

      // The dashboard tab has no context menu.
      await tabs(page).filter({ hasText: '首页' }).click({ button: 'right' });
      await page.waitForTimeout(300);
      assert((await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()) === 0, 'no context menu on the dashboard tab');

      await contextMenu(page, '通知发布', '关闭');
      await until(async () => (await tabTitles(page)).join() === '首页,作业发布,问卷统计', 'close removed one tab');
      assert(page.url().endsWith('/survey/wjtj'), 'closing another tab keeps the active one');

      // Closing the active tab goes to the last remaining tab.
      await tabs(page).filter({ hasText: '问卷统计' }).locator('.app-tab-close').click();
      await page.waitForURL(/\/jxhd\/zyfb$/);
      await openFromSidebar(page, '家校互动', '通知发布');
      await page.waitForURL(/\/jxhd\/tzfb$/);

      await contextMenu(page, '作业发布', '关闭其他');
      await until(async () => (await tabTitles(page)).join() === '首页,作业发布', 'close others keeps the dashboard and the tab');
      await page.waitForURL(/\/jxhd\/zyfb$/);

      await contextMenu(page, '作业发布', '关闭所有');
      await until(async () => (await tabTitles(page)).join() === '首页', 'close all leaves the dashboard');
      await page.waitForURL(/\/dashboard$/);
    },
  },
  {
    name: 'switches to English and sees English menus and Ant Design texts',
    async run({ page, base, context, shot }) {
      await loginOk(page, base, 'admin');
      const button = page.getByTestId('language-button');
      assert((await button.innerText()).includes('English'), 'the button reads English in Chinese');
      await switchToEnglish(page);
      const cookies = await context.cookies();
      assert(cookies.some((c) => c.name === 'language' && c.value === 'en'), 'language cookie is en');
      const text = await sidebar(page).innerText();
      for (const title of ['Home', 'Home-school', 'Scores', 'System management']) assert(text.includes(title), `sidebar shows ${title}`);
      assert(!text.includes('系统管理'), 'no Chinese menu titles');
      await page.getByTestId('dashboard').waitFor();
      assert((await page.getByTestId('dashboard').innerText()).includes('Quick access'), 'dashboard in English');
      await openFromSidebar(page, 'Surveys', 'Survey statistics');
      await page.locator('.page-view:visible').getByTestId('survey-statistics-page').waitFor();
      assert((await tabTitles(page)).join() === 'Home,Survey statistics', 'tab titles in English');
      await shot('survey-statistics-en');
      // Ant Design's own texts: the modal's OK / Cancel come from antd's en_US locale.
      const modal = await openChangePassword(page);
      const buttons = await modal.locator('.ant-modal-footer button').allInnerTexts();
      assert(buttons.map((b) => b.replace(/\s/g, '')).join() === 'Cancel,OK', `antd buttons in English: ${buttons}`);
      assert((await modal.innerText()).includes('Old password'), 'dialog labels in English');
    },
  },
  {
    name: 'theme and collapsed sidebar are kept after a reload',
    async run({ page, base, context }) {
      await loginOk(page, base, 'admin');
      const box = await sidebar(page).boundingBox();
      assert(Math.round(box.width) === 200, `sidebar is 200 px wide (${box.width})`);
      await page.getByTestId('theme-button').click();
      await page.getByTestId('theme-option-blue').click();
      await page.getByTestId('sidebar-toggle').click();
      await until(async () => Math.round((await sidebar(page).boundingBox()).width) === 56, 'collapsed sidebar is 144 px narrower');
      const cookies = await context.cookies();
      const theme = cookies.find((c) => c.name === 'theme');
      const color = cookies.find((c) => c.name === 'color');
      assert(theme?.value === 'blue', 'theme cookie');
      assert(color?.value === '#1f5fbf', `colour cookie (${color?.value})`);
      const days = (theme.expires * 1000 - Date.now()) / 86_400_000;
      assert(days > 9.9 && days <= 10.01, `theme cookie lasts 10 days (${days.toFixed(2)})`);
      assert((await page.evaluate(() => localStorage.getItem('sidebarStatus'))) === '0', 'sidebar flag persisted as 0');

      await page.reload();
      await sidebar(page).waitFor();
      assert(Math.round((await sidebar(page).boundingBox()).width) === 56, 'sidebar still collapsed after reload');
      const background = await page.locator('.app-tab.is-active').evaluate((el) => getComputedStyle(el).backgroundColor);
      assert(background === 'rgb(31, 95, 191)', `blue theme applied after reload (${background})`);
      const primary = await page.locator('.ant-menu-item-selected').first().evaluate((el) => getComputedStyle(el).backgroundColor);
      assert(primary === 'rgb(31, 95, 191)', `selected menu item uses the theme colour (${primary})`);
    },
  },
  {
    name: 'changes the password and logs in with the new one',
    async run({ page, base, shot }) {
      const NEW_PASSWORD = 'Teach2027ok';
      await loginOk(page, base, 'T0001');
      const modal = await openChangePassword(page);
      await page.getByTestId('password-policy-hint').waitFor();
      assert((await page.getByTestId('password-policy-hint').innerText()).startsWith('密码规则'), 'the policy hint is shown');
      // Mismatch and policy errors are caught in the browser.
      await page.getByTestId('password-old').fill(DEMO_PASSWORD);
      await page.getByTestId('password-new').fill('short');
      await page.getByTestId('password-check').fill('other');
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await until(async () => (await modal.locator('.ant-form-item-explain-error').count()) >= 2, 'validation errors shown');
      await shot('validation');
      await page.getByTestId('password-new').fill(` ${NEW_PASSWORD} `);
      await page.getByTestId('password-check').fill(NEW_PASSWORD);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.waitForURL(/\/login$/);
      await page.locator('.ant-message-success').waitFor();
      assert(!(await token(page)), 'the token is cleared');

      await login(page, base, 'T0001', DEMO_PASSWORD);
      await page.getByTestId('login-failure').waitFor();
      await loginOk(page, base, 'T0001', NEW_PASSWORD);

      // The flows share one database: the demo password comes back for the flows that sign in as T0001 later.
      await openChangePassword(page);
      await page.getByTestId('password-old').fill(NEW_PASSWORD);
      await page.getByTestId('password-new').fill(DEMO_PASSWORD);
      await page.getByTestId('password-check').fill(DEMO_PASSWORD);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      await page.waitForURL(/\/login$/);
      await loginOk(page, base, 'T0001');
    },
  },
  {
    name: 'logs out',
    async run({ page, base }) {
      await loginOk(page, base, 'admin');
      const before = await token(page);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
      await page.waitForURL(/\/login$/);
      await page.getByTestId('login-submit').waitFor();
      assert(!(await token(page)), 'the token is cleared');
      await page.goto(`${base}/dashboard`);
      await page.waitForURL(/\/404$/);
      await page.getByTestId('page-404').waitFor();
      // The token was revoked on the server: putting it back does not sign the browser in again.
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, before]);
      await page.goto(`${base}/dashboard`);
      await page.waitForURL(/\/login$/);
      await page.locator('.ant-message-warning').waitFor();
      assert(!(await token(page)), 'the revoked token is dropped');
    },
  },
  {
    name: 'the student sees only the student menus',
    async run({ page, base, shot }) {
      await loginOk(page, base, '201911001');
      const text = await sidebar(page).innerText();
      assert(!text.includes('系统管理'), 'no system management');
      assert(!text.includes('考务管理'), 'no exam management');
      assert(text.includes('家校互动') && text.includes('消息中心'), 'the student areas');
      // A group with one visible entry is a direct link (the student's awards).
      assert((await sidebar(page).locator('.ant-menu-root > .ant-menu-item', { hasText: '我的获奖' }).count()) === 1, 'single child shown as a direct link');
      assert((await page.getByTestId('user-name').innerText()).includes('张小明'), 'the student name');
      await shot('menus');
      // A page outside the student's menus is unknown to the student.
      await page.goto(`${base}/xtgl/yhgl`);
      await page.waitForURL(/\/404$/);
      await page.getByTestId('page-404').waitFor();
    },
  },
  {
    name: 'a wrong password shows the failure',
    async run({ page, base }) {
      await login(page, base, 'jz201911001', 'Wrong#pass1');
      const alert = page.getByTestId('login-failure');
      await alert.waitFor();
      assert((await alert.innerText()).includes('用户名或密码错误'), `the server message is shown: ${await alert.innerText()}`);
      assert(page.url().endsWith('/login'), 'still on the login page');
      assert((await page.evaluate(() => localStorage.getItem('loginFail'))) === '1', 'the login-failure flag is 1');
      // The form rules of the contract: password at least 5 characters.
      await page.locator('#password').fill('1234');
      await page.getByTestId('login-submit').click();
      await until(async () => (await page.locator('.ant-form-item-explain-error').allInnerTexts()).some((t) => t.includes('5')), 'password minimum shown');
    },
  },
  {
    name: 'a revoked token shows the single expiry modal',
    async run({ page, base, context, shot }) {
      await loginOk(page, base, 'admin');
      const current = await token(page);
      if (await encryptionOn(base)) {
        // Encrypted calls cannot be made from here: log out in a second tab of the same browser instead.
        const second = await context.newPage();
        await second.goto(`${base}/dashboard`);
        await second.getByTestId('user-menu').click();
        await second.getByTestId('menu-logout').click();
        await second.waitForURL(/\/login$/);
        await second.close();
      } else {
        const res = await fetch(`${base}/logout`, { headers: { [TOKEN_KEY]: current } });
        assert(res.ok, 'revoked from outside the page');
      }
      // Several calls at once: the keep-alive fires on every visibility change.
      await page.evaluate(() => {
        for (let i = 0; i < 3; i += 1) document.dispatchEvent(new Event('visibilitychange'));
      });
      const dialog = page.locator('.ant-modal-confirm');
      await dialog.first().waitFor();
      await page.waitForTimeout(800);
      assert((await dialog.count()) === 1, `exactly one modal (${await dialog.count()})`);
      const text = await dialog.innerText();
      assert(text.includes('提示') && text.includes('您的登录已过期，请重新登录'), `expiry text: ${text}`);
      const buttons = await dialog.locator('button').allInnerTexts();
      assert(buttons.length === 1 && buttons[0].replace(/\s/g, '') === '重新登录', `one button: ${buttons}`);
      await shot('modal');
      await dialog.locator('button').click();
      await page.waitForURL(/\/login/);
      assert(!(await token(page)), 'logged out');
    },
  },
  {
    name: 'an unknown path shows 404',
    async run({ page, base }) {
      await page.goto(`${base}/no/such/page`);
      await page.waitForURL(/\/404$/);
      await page.getByTestId('page-404').waitFor();
      await loginOk(page, base, 'admin');
      await page.goto(`${base}/no/such/page`);
      await page.waitForURL(/\/404$/);
      assert((await page.getByTestId('page-404').innerText()).includes('页面不存在'), '404 text');
      // A signed-in user who opens /login goes to the dashboard.
      await page.goto(`${base}/login`);
      await page.waitForURL(/\/dashboard$/);
    },
  },
  {
    name: 'signs in on another device with the QR code',
    async run({ page, base, browser }) {
      await loginOk(page, base, 'T0002');
      await page.goto(`${base}/qrcode`);
      await page.locator('.ant-qrcode canvas, .ant-qrcode svg').first().waitFor();
      const url = await until(async () => page.getByTestId('qrcode-box').getAttribute('data-url'), 'the QR code address');
      assert(url.startsWith(`${base}/qrcode?code=`), `the code points at this site: ${url}`);
      const other = await browser.newContext({ viewport: { width: 1366, height: 820 } });
      try {
        const phone = await other.newPage();
        await phone.goto(url);
        await phone.waitForURL(/\/dashboard$/);
        assert(!phone.url().includes('code='), 'the URL is cleaned');
        await phone.getByTestId('sidebar').waitFor();
        // A used code is refused.
        const again = await other.newPage();
        await again.evaluate(() => localStorage.clear()).catch(() => undefined);
        await again.goto(url);
        await again.waitForURL(/\/no-permission$/);
      } finally {
        await other.close();
      }
    },
  },
  {
    name: 'the message bell opens the side panel',
    async run({ page, base }) {
      await loginOk(page, base, 'admin');
      // The badge shows the server's unread count (the 99+ cap is a component test) and keeps it in session storage.
      const bell = page.getByTestId('message-bell');
      const unread = await until(async () => {
        const text = (await bell.innerText()).trim();
        return /^\d+$/.test(text) && text === (await page.evaluate(() => sessionStorage.getItem('messageUnread'))) && text;
      }, 'the badge shows the stored unread count');
      assert(Number(unread) > 0 && Number(unread) <= 99, `a plain count: ${unread}`);
      await bell.click();
      const panel = page.locator('.ant-drawer-section');
      await panel.waitFor();
      await until(async () => (await panel.getByTestId('message-item').count()) > 0, 'the unread messages are listed');
      await page.locator('.ant-drawer-mask').click({ position: { x: 20, y: 300 } });
      await panel.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'a token in the URL is stored and removed, and isHall hides the menu header',
    async run({ page, base, browser }) {
      // A token issued to another browser (signed in through the login form there).
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await loginOk(otherPage, base, 'T0002');
      const data = { token: await token(otherPage) };
      await other.close();
      await page.goto(`${base}/jxhd/tzfb?token=${encodeURIComponent(data.token)}&isHall=1`);
      await page.waitForURL(/\/jxhd\/tzfb$/);
      await page.getByTestId('app-content').waitFor();
      await until(async () => (await page.locator('.page-view:visible').innerText()).includes('通知发布'), 'the page opens');
      assert((await token(page)) === data.token, 'the token was stored');
      assert((await page.getByTestId('top-bar').count()) === 0, 'no top bar in hall mode');
      assert((await page.getByTestId('sidebar').count()) === 0, 'no sidebar in hall mode');
    },
  },
  {
    name: 'the login page in English',
    async run({ page, base, context }) {
      await context.addCookies([{ name: 'language', value: 'en', url: base }]);
      await page.goto(`${base}/login`);
      await page.getByTestId('login-submit').waitFor();
      const text = await page.locator('.login-page').innerText();
      assert(text.includes('Campus Administration') && text.includes('Sign in') && text.includes('中文'), `English login page: ${text.slice(0, 120)}`);
      await page.getByTestId('login-submit').click();
      await until(async () => (await page.locator('.ant-form-item-explain-error').allInnerTexts()).includes('Please enter your user name'), 'validation in English');
    },
  },
  // Issue 3: student and staff dialogs, timetables, the message bell and centre (web/e2e/records/profileFlows.mjs).
  ...profileFlows,
  // Issue 3: the shared components on their /demo pages (web/e2e/shared/componentFlows.mjs).
  ...componentFlows,
  // Issue 4: system management (web/e2e/system/systemFlows.mjs).
  ...systemFlows,
  // Issue 4: menus, dictionaries, role types (web/e2e/system/menusDictsFlows.mjs).
  ...menusDictsFlows,
  // Issue 4: organisation, calendar, campuses, buildings, classrooms, courses, groups, departments (web/e2e/system/campusFlows.mjs).
  ...campusFlows,
  // Issue 4: classes, students and staff (web/e2e/system/peopleFlows.mjs).
  ...peopleFlows,
  // Issue 18: keyword search of the people lists, one per business area (web/e2e/shared/keywordFlows.mjs); it only reads.
  ...keywordFlows,
];

/** System operations, the second factor, then the school's business areas in the order they were built. */
const businessFlows = [
  // Issue 4: operation logs, scheduled jobs, system configuration, password rules (web/e2e/system/operationsFlows.mjs).
  ...operationsFlows,
  // Issue 12: the second factor (web/e2e/session/mfaFlows.mjs).
  ...mfaFlows,
  // Issue 13: notices of the Home-school area (web/e2e/homeSchool/noticeFlows.mjs).
  ...noticeFlows,
  // Issue 13: events and conduct of the Home-school area (web/e2e/homeSchool/eventConductFlows.mjs).
  ...eventConductFlows,
  // Issue 13: SMS reminders (web/e2e/homeSchool/smsFlows.mjs).
  ...smsFlows,
  // Issue 13: homework (web/e2e/homeSchool/homeworkFlows.mjs).
  ...homeworkFlows,
  // Competitions and awards (web/e2e/awards/awardFlows.mjs).
  ...awardFlows,
  // Issue 14: leave, travel, their review and the approval chains of 申请审批 (web/e2e/applications/applicationFlows.mjs).
  ...applicationFlows,
  ...certificateFlows,
  // Issue 14: 学籍管理 (web/e2e/roll/rollFlows.mjs).
  ...rollFlows,
  ...teachingClassFlows,
  // Issue 16: 录取管理 and 分班管理 (web/e2e/roll/admissionFlows.mjs); it has a database of its own.
  ...admissionFlows,
  ...arrangementFlows,
  // Issue 15: score registration and sub-score settings (web/e2e/scores/scoreEntryFlows.mjs).
  ...scoreEntryFlows,
  // Issue 15: score analysis (web/e2e/scores/scoreAnalysisFlows.mjs).
  ...scoreAnalysisFlows,
  // Issue 15: student evaluation (web/e2e/evaluation/evaluationFlows.mjs).
  ...evaluationFlows,
  // Issue 16: electives (web/e2e/electives/electiveFlows.mjs).
  ...electiveFlows,
  // Issue 16: class shifting (web/e2e/electives/shiftFlows.mjs); its publishing flow has a database of its own.
  ...shiftFlows,
  // Issue 16: students' and parents' subject choices of 走班管理 (web/e2e/electives/shiftChoiceFlows.mjs).
  ...shiftChoiceFlows,
  // Issue 16: class swaps (web/e2e/timetable/lessonChangeFlows.mjs).
  ...lessonChangeFlows,
  // Issue 16: timetable arrangement (web/e2e/timetable/arrangeFlows.mjs); its publishing flow has a database of its own.
  ...timetableArrangeFlows,
  // Issue 17: open-class evaluation (web/e2e/teaching/teachingFlows.mjs).
  ...teachingFlows,
  // Issue 17: insurance claims (web/e2e/safety/safetyFlows.mjs).
  ...safetyFlows,
  // Issue 17: lectures and dormitories of 校园生活 (web/e2e/campusLife/campusLifeFlows.mjs).
  ...campusLifeFlows,
  // Issue 17: the class teacher's seating chart (web/e2e/headTeacher/headTeacherFlows.mjs).
  ...headTeacherFlows,
  // Issue 17: surveys, answered by QR code without signing in (web/e2e/surveys/surveyFlows.mjs).
  ...surveyFlows,
];

/**
 * Two lanes of about the same length (some ten minutes each on a 2-core machine) that run side by side, each
 * on servers of its own (its own database), so a flow only ever sees what the flows before it in its lane
 * did; with one lane (E2E_LANES=1) the second follows the first on one server.
 */
export const flowLanes = [platformFlows, businessFlows];
export const flows = flowLanes.flat();
