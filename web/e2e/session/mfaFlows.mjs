// Browser flow of issue 12's second factor (appended to the flows of flows.mjs). The runner's server has
// MFA_REQUIRED_FOR_ADMINS=0 so that the demo administrator of every other flow signs in with a password;
// this flow makes its own administrator, who turns the second factor on from the user menu, with TOTP
// codes computed here (RFC 6238, node:crypto), signs out and in with a code in Chinese, with a recovery
// code in English, and is reset by the demo administrator. The second flow runs on a server of its own with
// the second factor required (`env`): the demo administrator enrols at the first login with the QR code's
// secret, signs in again with a code, and exports the users list, which then shows in the export log.
import { createHmac } from 'node:crypto';
import { assert, until } from '../flows.mjs';
import { api } from '../api.mjs';

const DEMO_PASSWORD = 'Demo@2026';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text) {
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = ((value << 5) | BASE32.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

const currentStep = () => Math.floor(Date.now() / 30_000);

function totp(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A code the server has not seen: a step after the last one used (it accepts one step ahead). */
function freshCode(secret, state) {
  const step = Math.max(currentStep(), state.lastStep + 1);
  state.lastStep = step;
  return totp(secret, step);
}

async function passwordStep(page, context, base, username, password, lang) {
  await context.clearCookies();
  await context.addCookies([{ name: 'language', value: lang, url: base }]);
  await page.goto(`${base}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function signedIn(page) {
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('sidebar').waitFor();
  await page.getByTestId('dashboard').waitFor();
}

/** From the user menu; a click the menu swallows while the page still settles is tried again. */
async function signOut(page) {
  await until(async () => {
    if (/\/login/.test(page.url())) return true;
    if (!(await page.getByTestId('menu-logout').isVisible())) await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click({ timeout: 3000 });
    await page.waitForURL(/\/login/, { timeout: 5000 });
    return true;
  }, 'signed out', 30_000);
  await page.locator('#username').waitFor();
}

async function openSecurity(page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-security').click();
  await page.getByTestId('mfa-dialog').waitFor();
}

export const mfaFlows = [
  {
    name: 'an administrator turns on two-factor authentication, signs in with a TOTP code (zh) and a recovery code (en), and is reset',
    async run({ page, context, base, shot }) {
      const n = String((Date.now() % 90000) + 10000);
      const account = `mfa${n}`;
      const password = 'Mfa2026ok';
      const state = { lastStep: 0 };

      // The demo administrator makes a second administrator for this flow.
      await passwordStep(page, context, base, 'admin', DEMO_PASSWORD, 'zh');
      await signedIn(page);
      const created = await api(page, base, 'admin', '/api/system/users/create', { account, displayName: `双因素${n}`, userType: 1, password, enabled: true, roleCodes: ['admin'] });
      assert(created.result, `the administrator is created: ${created.msg}`);
      await signOut(page);

      // Turned on from the user menu: QR code and secret, the first code, the recovery codes once.
      await passwordStep(page, context, base, account, password, 'zh');
      await signedIn(page);
      await openSecurity(page);
      const dialog = page.getByTestId('mfa-dialog');
      await until(async () => (await dialog.getByTestId('mfa-status').innerText()).includes('未开启'), 'the dialog says it is off');
      await dialog.getByTestId('mfa-enable').click();
      await dialog.getByTestId('mfa-qr').waitFor();
      assert((await dialog.getByTestId('mfa-qr').locator('canvas, svg').count()) > 0, 'the QR code is drawn');
      const secret = await dialog.getByTestId('mfa-secret').getAttribute('data-secret');
      assert(/^[A-Z2-7]{32}$/.test(secret ?? ''), `a base32 secret is shown: ${secret}`);
      await shot('enrol-qr');
      await dialog.getByTestId('mfa-code').fill('000000');
      await dialog.getByTestId('mfa-submit').click();
      await until(async () => (await dialog.getByTestId('mfa-failure').innerText()).includes('验证码不正确'), 'a wrong first code is refused');
      await dialog.getByTestId('mfa-code').fill(freshCode(secret, state));
      await dialog.getByTestId('mfa-submit').click();
      await dialog.getByTestId('mfa-recovery-codes').waitFor();
      const codes = (await dialog.getByTestId('mfa-recovery-codes').locator('li').allInnerTexts()).map((text) => text.trim());
      assert(codes.length === 10 && codes.every((code) => /^[a-z2-7]{5}-[a-z2-7]{5}$/.test(code)), `ten recovery codes: ${codes}`);
      await shot('recovery-codes');
      await dialog.getByTestId('mfa-recovery-saved').click();
      await until(async () => (await dialog.getByTestId('mfa-status').innerText()).includes('已开启'), 'the dialog says it is on');
      assert((await dialog.getByTestId('mfa-recovery-left').innerText()).includes('10'), 'ten recovery codes left');
      await page.keyboard.press('Escape');
      await signOut(page);

      // Chinese: the password alone opens no session; a wrong code is refused, a fresh one signs in.
      await passwordStep(page, context, base, account, password, 'zh');
      const verify = page.getByTestId('mfa-step-verify');
      await verify.waitFor();
      assert((await verify.innerText()).includes('两步验证'), 'the code step is titled in Chinese');
      assert(!(await page.evaluate(() => localStorage.getItem('X-TOKEN-XX'))), 'no token before the code');
      await verify.getByTestId('mfa-code').fill('000000');
      await verify.getByTestId('mfa-submit').click();
      await until(async () => (await verify.getByTestId('mfa-failure').innerText()).includes('验证码不正确'), 'the wrong code is refused in Chinese');
      await shot('verify-zh');
      await verify.getByTestId('mfa-code').fill(freshCode(secret, state));
      await verify.getByTestId('mfa-submit').click();
      await signedIn(page);
      await signOut(page);

      // English: a recovery code in place of a code, once.
      await passwordStep(page, context, base, account, password, 'en');
      const verifyEn = page.getByTestId('mfa-step-verify');
      await verifyEn.waitFor();
      const english = await verifyEn.innerText();
      assert(english.includes('Two-step verification') && english.includes('recovery code'), `the code step in English: ${english}`);
      await verifyEn.getByTestId('mfa-code').fill('123456');
      await verifyEn.getByTestId('mfa-submit').click();
      await until(async () => (await verifyEn.getByTestId('mfa-failure').innerText()).includes('The verification code is incorrect'), 'the wrong code is refused in English');
      await shot('verify-en');
      await verifyEn.getByTestId('mfa-code').fill(codes[0]);
      await verifyEn.getByTestId('mfa-submit').click();
      await signedIn(page);
      await openSecurity(page);
      await until(async () => (await page.getByTestId('mfa-recovery-left').innerText()).includes('Recovery codes left: 9'), 'nine recovery codes left');
      // Optional on this server (MFA_REQUIRED_FOR_ADMINS=0): the user could turn it off again.
      assert((await page.getByTestId('mfa-disable').innerText()).includes('Turn off two-factor authentication'), 'the turn-off button in English');
      await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot only
      await shot('security-en');
      await page.keyboard.press('Escape');
      await signOut(page);

      // The demo administrator resets it from the users page; the reset is in the operation log.
      await passwordStep(page, context, base, 'admin', DEMO_PASSWORD, 'en');
      await signedIn(page);
      await page.goto(`${base}/xtgl/yhgl`);
      const users = page.getByTestId('users-page');
      await users.waitFor();
      await page.getByTestId('users-keyword').fill(account);
      await page.getByTestId('users-keyword').press('Enter');
      await until(async () => (await users.locator('.ant-table-tbody').innerText()).includes(account), 'the administrator is listed');
      await users.getByTestId(`users-reset-mfa-${account}`).click();
      await page.getByTestId('users-reset-mfa-ok').click();
      await until(async () => (await page.locator('.ant-message').innerText()).includes("The user's two-factor authentication was reset"), 'the reset is confirmed');
      await shot('reset');
      const logged = await until(async () => {
        const answer = await api(page, base, 'admin', '/api/system/logs/page', { currPage: 0, limit: 20, search: { account: 'admin' } });
        return answer.data?.rows?.find((row) => row.path === '/api/system/users/resetMfa' && row.outcome === 'success');
      }, 'the reset is in the operation log');
      assert(logged.account === 'admin', 'logged as the demo administrator');
      await signOut(page);

      // Off again (the runner does not require it): the password alone signs in.
      await passwordStep(page, context, base, account, password, 'zh');
      await signedIn(page);
    },
  },
  {
    name: 'where it is required, the administrator enrols at the first login, signs in again with a code and exports a list that shows in the export log',
    env: { MFA_REQUIRED_FOR_ADMINS: '1' },
    async run({ page, context, base, shot }) {
      const state = { lastStep: 0 };

      // The password alone opens no session: the enrolment step shows the QR code and its secret.
      await passwordStep(page, context, base, 'admin', DEMO_PASSWORD, 'zh');
      const enrol = page.getByTestId('mfa-step-enrol');
      await enrol.waitFor();
      assert(!(await page.evaluate(() => localStorage.getItem('X-TOKEN-XX'))), 'no token before the enrolment');
      await enrol.getByTestId('mfa-qr').waitFor();
      assert((await enrol.getByTestId('mfa-qr').locator('canvas, svg').count()) > 0, 'the QR code is drawn');
      const secret = await enrol.getByTestId('mfa-secret').getAttribute('data-secret');
      assert(/^[A-Z2-7]{32}$/.test(secret ?? ''), `a base32 secret is shown: ${secret}`);
      await shot('enrol-at-login');
      await enrol.getByTestId('mfa-code').fill('000000');
      await enrol.getByTestId('mfa-submit').click();
      await until(async () => (await enrol.getByTestId('mfa-failure').innerText()).includes('验证码不正确'), 'a wrong first code is refused');
      await enrol.getByTestId('mfa-code').fill(freshCode(secret, state));
      await enrol.getByTestId('mfa-submit').click();
      await enrol.getByTestId('mfa-recovery-codes').waitFor();
      assert((await enrol.getByTestId('mfa-recovery-codes').locator('li').count()) === 10, 'ten recovery codes');
      await enrol.getByTestId('mfa-recovery-saved').click();
      await signedIn(page);
      await openSecurity(page);
      const dialog = page.getByTestId('mfa-dialog');
      await until(async () => (await dialog.getByTestId('mfa-status').innerText()).includes('已开启'), 'on after the enrolment');
      assert((await dialog.getByTestId('mfa-disable').count()) === 0, 'required: no way to turn it off');
      await page.keyboard.press('Escape');
      await signOut(page);

      // A teacher without system or export rights still signs in with a password alone.
      await passwordStep(page, context, base, 'T0002', DEMO_PASSWORD, 'zh');
      await signedIn(page);
      await signOut(page);

      // The administrator again, in English: the code step, then the users list exported.
      await passwordStep(page, context, base, 'admin', DEMO_PASSWORD, 'en');
      const verify = page.getByTestId('mfa-step-verify');
      await verify.waitFor();
      await verify.getByTestId('mfa-code').fill(freshCode(secret, state));
      await verify.getByTestId('mfa-submit').click();
      await signedIn(page);
      await page.goto(`${base}/xtgl/yhgl`);
      const users = page.getByTestId('users-page');
      await users.waitFor();
      await users.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      const download = page.waitForEvent('download');
      await users.getByTestId('manage-export').click();
      assert((await (await download).suggestedFilename()).endsWith('.xlsx'), 'the users list is an Excel file');
      await page.goto(`${base}/xtgl/rzgl`);
      await page.getByTestId('oplog-page').waitFor();
      await page.getByTestId('exportlog-tab').click();
      const exports = page.getByTestId('exportlog-page');
      await exports.waitFor();
      await until(async () => {
        const rows = await exports.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
        return rows.some((text) => text.includes('/api/system/users/export') && text.includes('admin') && text.includes('Done'));
      }, 'the users export is in the export log');
      await shot('export-log');
    },
  },
];
