// Browser flows of 成绩登记 (/cjgl/cjdj) and 分项成绩设置 (/cjgl/fxcj), appended to the flows of flows.mjs.
import { api } from '../api.mjs';
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { answerOf, watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'scores';
const shot = (page, name) => shotOf(page, name, AREA);
const openDropdown = (page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
const MIDTERM = '初二期中考试成绩';

/**
 * Picks the option of an Ant Design select whose label holds `text` (typed first, for a long searchable list).
 * The page may choose a default (the latest batch, the only class) while this runs and close the list: the
 * list is then opened again, and a select that already shows `text` is left as it is.
 */
async function choose(page, select, text) {
  await until(async () => {
    if ((await select.innerText()).includes(text)) return true;
    const option = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: text }).first();
    if (!(await option.isVisible())) {
      await select.click();
      await page.keyboard.type(text);
      await option.waitFor({ timeout: 3000 });
    }
    await option.click({ timeout: 3000 });
    return (await select.innerText()).includes(text);
  }, `${text} is chosen`, 20_000);
}

const pad = (n) => String(n).padStart(2, '0');
const localDay = (offset) => {
  const at = new Date(Date.now() + offset * 86_400_000);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
};

/** Opens the mid-term's entry window around today through the office's form, whatever day the flow runs. */
async function openMidtermWindow(page, base) {
  const list = await api(page, base, 'admin', '/api/scores/batches/page', { currPage: 0, limit: 50, search: { keyword: MIDTERM } });
  const row = list.data.rows.find((item) => item.name === MIDTERM);
  assert(row, `the demo has ${MIDTERM}`);
  const saved = await api(page, base, 'admin', '/api/scores/batches/update', {
    id: row.id,
    termId: row.termId,
    gradeId: row.gradeId,
    campusId: row.campusId ?? '',
    examBatchId: row.examBatchId ?? '',
    name: row.name,
    examNode: row.examNode,
    entryStart: `${localDay(-1)} 08:00`,
    entryEnd: `${localDay(7)} 18:00`,
    enabled: true,
    conversionRuleId: row.conversionRuleId ?? '',
    subjects: row.subjects.map(({ courseId, scoreSystemId, weight }) => ({ courseId, scoreSystemId, weight })),
    classIds: row.classIds,
  });
  assert(saved.result === true, `the window is opened: ${JSON.stringify(saved).slice(0, 300)}`);
  return row;
}

/** Pastes tab and newline separated text (as Excel puts it on the clipboard) into a cell. */
async function paste(cell, text) {
  await cell.click();
  await cell.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

export const scoreEntryFlows = [
  {
    name: 'scores: the class teacher pastes a column of scores from a spreadsheet; a mark above the full mark is refused with its message; the rest is saved',
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      const batch = await openMidtermWindow(page, base);
      await page.evaluate(() => localStorage.clear());
      await context.clearCookies();

      await signIn(page, context, base, 'T0002');
      await page.goto(`${base}/cjgl/cjdj`);
      await page.getByTestId('score-entry-page').waitFor();
      await choose(page, page.getByTestId('score-entry-batch'), MIDTERM);
      await choose(page, page.getByTestId('score-entry-class'), '初二(1)班');
      const grid = page.getByTestId('score-entry-grid');
      await grid.waitFor();
      const sheet = await api(page, base, 'T0002', '/api/scores/entry/sheet', { batchId: batch.id, classId: batch.classIds[0] });
      const physics = sheet.data.subjects.find((subject) => subject.courseName === '物理');
      assert(physics && physics.fullMark === 100, `physics is out of 100: ${JSON.stringify(sheet.data.subjects).slice(0, 300)}`);
      const students = sheet.data.rows.slice(0, 3);
      const cellOf = (student) => page.getByTestId(`score-cell-${student.studentId}-${physics.courseId}`);

      // Three rows copied from a spreadsheet; the third is above the full mark.
      await paste(cellOf(students[0]), '88\n92.5\n130\n');
      await until(async () => (await cellOf(students[1]).inputValue()) === '92.5', 'the pasted block fills the rows below');
      const problem = page.getByTestId(`score-cell-${students[2].studentId}-${physics.courseId}-problem`);
      await problem.waitFor({ state: 'attached' });
      assert(/100/.test(await problem.textContent()), `the refusal names the full mark: ${await problem.textContent()}`);
      assert(await page.getByTestId('score-entry-save').isDisabled(), 'a sheet with a bad cell is not saved');
      await shot(page, 'entry-paste-refused');

      // The server refuses the same mark with its message too, whatever the page let through.
      const refused = await api(page, base, 'T0002', '/api/scores/entry/save', {
        batchId: batch.id,
        classId: batch.classIds[0],
        versions: { [physics.courseId]: physics.version },
        cells: [{ studentId: students[2].studentId, courseId: physics.courseId, score: 130, mark: null }],
      });
      assert(refused.result === false && refused.msg === `${students[2].name}，物理：130 超过满分 100`, `the server's refusal: ${JSON.stringify(refused).slice(0, 300)}`);

      await cellOf(students[2]).fill('95');
      await cellOf(students[2]).press('Enter');
      await until(async () => !(await page.getByTestId('score-entry-save').isDisabled()), 'the sheet may be saved once the mark is fixed');
      const [saved] = await Promise.all([answerOf(page, '/api/scores/entry/save'), page.getByTestId('score-entry-save').click()]);
      const answer = await saved.json();
      assert(answer.result === true && answer.data.saved === 3, `three scores saved: ${JSON.stringify(answer).slice(0, 300)}`);
      await until(async () => (await page.getByTestId('score-entry-changed').innerText()).match(/0/) !== null || (await cellOf(students[0]).getAttribute('data-dirty')) === null, 'no unsaved cells are left');
      await shot(page, 'entry-saved');
      const after = await api(page, base, 'T0002', '/api/scores/entry/sheet', { batchId: batch.id, classId: batch.classIds[0] });
      const scores = after.data.rows.slice(0, 3).map((row) => row.cells[String(physics.courseId)]?.score);
      assert(JSON.stringify(scores) === JSON.stringify([88, 92.5, 95]), `the stored scores: ${JSON.stringify(scores)}`);
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'scores: the entry and sub-score pages in English show no Chinese outside data',
    async run({ page, context, base }) {
      await signIn(page, context, base, 'admin', 'en');
      await openMidtermWindow(page, base);
      await page.goto(`${base}/cjgl/cjdj`);
      await page.getByTestId('score-entry-page').waitFor();
      await choose(page, page.getByTestId('score-entry-batch'), MIDTERM);
      await choose(page, page.getByTestId('score-entry-class'), '初二(1)班');
      await page.getByTestId('score-entry-grid').waitFor();
      await shot(page, 'entry-en');
      // Data: the students' rows, and the batch's, class's and English parts' names where the header repeats them.
      await assertEnglish(page, 'score registration', { dataSelectors: ['.score-entry-grid tbody'], dataTexts: [MIDTERM, '初二(1)班', '听力', '笔试', '期中'] });
      await page.goto(`${base}/cjgl/fxcj`);
      await page.getByTestId('sub-items-table').waitFor();
      await choose(page, page.getByTestId('sub-items-batch'), MIDTERM);
      await until(async () => (await page.getByTestId('sub-items-table').innerText()).includes('听力'), "the mid-term's English parts are listed");
      await shot(page, 'sub-items-en');
      await assertEnglish(page, 'sub-score settings', { dataTexts: [MIDTERM] });
    },
  },
];

const PHONE_VIEW = { width: 390, height: 844 };

/** The office releases the mid-term (or cancels its release) on the score batches page. */
async function setRelease(page, base, batchId, released) {
  await page.goto(`${base}/cjgl/cjpc`);
  await page.getByTestId('score-batches-page').waitFor();
  const button = page.getByTestId(`score-batch-${released ? 'release' : 'unrelease'}-${batchId}`);
  await until(async () => (await button.count()) > 0, `the ${released ? 'release' : 'cancel'} button of the batch`, 20_000);
  await button.click();
  const [answer] = await Promise.all([answerOf(page, '/api/scores/batches/release'), page.getByTestId('score-batch-release-ok').click()]);
  const body = await answer.json();
  assert(body.result === true && body.data.count === 1, `the batch is ${released ? 'released' : 'no longer released'}: ${JSON.stringify(body).slice(0, 300)}`);
}

scoreEntryFlows.push({
  name: "scores: the office releases the mid-term; the parent sees the child's scores and trend on a phone; once the release is cancelled the parent no longer sees it",
  async run({ page, context, base, browser }) {
    const errors = [];
    watchErrors(page, errors);
    await signIn(page, context, base, 'admin');
    const batch = await openMidtermWindow(page, base);
    await setRelease(page, base, batch.id, true);

    const family = await browser.newContext({ viewport: PHONE_VIEW, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const phone = watchErrors(await family.newPage(), errors);
      await signIn(phone, family, base, 'jz201911001');
      await phone.goto(`${base}/cjfxNew/cjfx/grfx`);
      await phone.getByTestId('my-scores-page').waitFor();
      const card = phone.getByTestId(`my-scores-batch-${batch.id}`);
      await card.waitFor({ timeout: 20_000 });
      assert((await card.innerText()).includes(MIDTERM), 'the released mid-term is shown');
      await phone.getByTestId('my-scores-trend').waitFor();
      assert(!(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)), 'the page does not scroll sideways on a phone');
      await shotOf(phone, 'family-scores-released', AREA);
      await card.scrollIntoViewIfNeeded();
      await shotOf(phone, 'family-scores-card', AREA);

      await setRelease(page, base, batch.id, false);
      await phone.reload();
      await phone.getByTestId('my-scores-page').waitFor();
      await until(async () => (await phone.getByTestId(`my-scores-batch-${batch.id}`).count()) === 0 && (await phone.locator('[data-testid^="my-scores-batch-"]').count()) > 0, 'the mid-term is hidden again, the earlier exams still shown', 20_000);
      await shotOf(phone, 'family-scores-cancelled', AREA);
    } finally {
      await family.close();
    }
    assert(errors.length === 0, errors.join('\n'));
  },
});
