// The browser part of issue 18 (keyword search of every list), appended to the flows of flows.mjs: the student
// list, the staff list and a list of every business area find 侯, 张伟 and zw (张伟's pinyin initials) in Chinese
// and in English. The demo school's people of these names are server/src/db/seed/school.ts KEYWORD_PEOPLE, given
// records by the areas' seeds. The flow only reads, so it may share its lane's database.
import { pinyin } from 'pinyin-pro';
import { api } from '../api.mjs';
import { assert, switchToEnglish, until } from '../flows.mjs';
import { pickOption, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

/** Each keyword's results differ from the one before, so a changed table tells that the search has answered. */
const PEOPLE = ['张伟', '侯', 'zw'];
const HINT = { zh: '拼音首字母', en: 'pinyin initials' };

const CJK_RUN = /[\u3400-\u9fff]+/gu;

/**
 * A name's pinyin initials as the database keeps them (migration 0049, filled by server/scripts/pinyinInitials.ts
 * from pinyin-pro): each character's most common reading, the first one read as a surname.
 */
function initialsOf(name) {
  return [...name]
    .map((character, index) => pinyin(character, { pattern: 'first', toneType: 'none', ...(index === 0 ? { surname: 'head' } : {}) }).slice(0, 1))
    .filter((initial) => /^[a-z]$/.test(initial))
    .join('');
}

/** Whether a cell's text shows the keyword: the characters themselves, or letters among the initials of a name in it. */
function shows(text, keyword) {
  if (!/^[a-z]+$/i.test(keyword)) return text.includes(keyword);
  return (text.match(CJK_RUN) ?? []).some((run) => initialsOf(run).includes(keyword.toLowerCase()));
}

/**
 * The lists: their route (or how to find it), the keyword box, the columns naming the people a row is about (zh
 * and en headers), the element holding the table when the page has more than one, and what to do before
 * searching. `keywords` replace the people's where a list searches titles (whose box then names no initials:
 * `hint`); `shot` names a screenshot of the list after its last search.
 */
const LISTS = [
  { name: 'students', url: '/rygl/xsxx', keyword: 'students-keyword', columns: [['姓名', 'Name']] },
  { name: 'staff', url: '/rygl/jzggl', keyword: 'staff-keyword', columns: [['姓名', 'Name']], shot: 'staff' },
  { name: 'conduct (家校互动)', url: '/jxhd/bxfb', keyword: 'conduct-search-keyword', columns: [['学生 / 班级', 'Student and class']] },
  { name: 'disciplinary awards (竞赛获奖)', url: '/jsgl/xkhj', keyword: 'disciplinary-search-keyword', columns: [['学生', 'Student']] },
  { name: 'application review (申请审批)', url: '/sqsp/sqsh', keyword: 'review-search-keyword', columns: [['申请对象', 'Applied for']], shot: 'review' },
  { name: 'roll changes (学籍)', url: '/xjgl/xjyd', keyword: 'roll-search-keyword', columns: [['学生', 'Student']] },
  {
    name: 'score maintenance (成绩)',
    url: '/cjfxNew/cjgl/kscjwh',
    keyword: 'maintenance-keyword',
    columns: [['姓名', 'Name']],
    // 初二's mid-term, which the students of 初二(2)班 sat (the current term's first batch, chosen again if not).
    async before(page) {
      const batch = page.locator('.page-view:visible').getByTestId('maintenance-batch');
      await until(async () => !(await batch.evaluate((el) => el.classList.contains('ant-select-disabled') || !!el.querySelector('.ant-select-disabled'))), 'the batches load');
      if (!(await batch.innerText()).includes('初二期中考试成绩')) await pickOption(page, batch, '初二期中考试成绩');
    },
  },
  {
    name: 'exam candidates (考试)',
    url: async (page, base) => {
      const exams = await api(page, base, 'admin', '/api/exams/rooms/exams', { currPage: 0, limit: 50, search: {} });
      const exam = exams.data?.rows?.find((row) => row.name.includes('初二'));
      assert(exam, `an exam of 初二: ${JSON.stringify(exams).slice(0, 200)}`);
      return `/kwapjt/room?batchId=${exam.id}`;
    },
    keyword: 'exam-candidates-keyword',
    table: 'exam-candidates-table',
    columns: [['姓名', 'Name']],
  },
  {
    name: 'elective approval (选课走班)',
    url: '/xkgl/kcsp',
    keyword: 'elective-approve-keyword',
    columns: [['授课教师', 'Teacher']],
    // The list starts at the declarations waiting for review: every status instead.
    async before(page) {
      const status = page.locator('.page-view:visible').getByTestId('elective-approve-status');
      await status.hover();
      await status.locator('.ant-select-clear').click();
    },
  },
  {
    name: 'dormitory check-ins (校园生活)',
    url: '/xysh/ssgl',
    keyword: 'dorm-stays-keyword',
    table: 'dorm-stays',
    columns: [['学生', 'Student']],
    async before(page, lang) {
      await page.locator('.page-view:visible .ant-tabs-tab', { hasText: lang === 'zh' ? '入住记录' : 'Check-ins' }).click();
    },
  },
  {
    name: 'insured students (保险与纪律)',
    url: async (page, base) => {
      const policies = await api(page, base, 'admin', '/api/safety/insurance/policies/page', { currPage: 0, limit: 50, search: {} });
      // The policy every student holds.
      const policy = [...(policies.data?.rows ?? [])].sort((a, b) => b.insuredCount - a.insuredCount)[0];
      assert(policy, `a policy: ${JSON.stringify(policies).slice(0, 200)}`);
      return `/cbxq/index?policyId=${policy.id}`;
    },
    keyword: 'insurance-insured-keyword',
    columns: [['学生', 'Student']],
  },
  { name: 'surveys (问卷调查)', url: '/survey/cjwj', keyword: 'survey-search-keyword', columns: [['问卷标题', 'Title']], keywords: ['调查', '家长会', '阅读'], hint: false },
  {
    name: 'student cadres (班主任工作)',
    url: '/bzrgzscgl/xsgbjy',
    keyword: 'ht-search-keyword',
    columns: [['学生', 'Student']],
    // An administrator looks at any class: 初二(2)班, whose commissioners are the seeded people.
    async before(page) {
      await pickOption(page, page.locator('.page-view:visible').getByTestId('ht-class-select'), '初二(2)班');
    },
  },
];

/**
 * The texts of the named columns of every row of the table in `root` (the index of each column counted from the
 * header's spans), and each row's whole text as the table's state.
 */
function readTable(root, labels) {
  // A list's test id is on its table (PagedTable) or on a page holding one.
  const table = root.closest('.ant-table') ?? root.querySelector('.ant-table');
  if (!table) return { missing: ['the table'], rows: [], state: '' };
  const header = [...(table.querySelector('.ant-table-thead tr')?.children ?? [])];
  const indexOf = (label) => {
    let at = 0;
    for (const cell of header) {
      if (cell.innerText.trim() === label) return at;
      at += cell.colSpan || 1;
    }
    return -1;
  };
  const indexes = labels.map(indexOf);
  const rows = [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((row) => {
    const byIndex = new Map();
    let at = 0;
    for (const cell of row.children) {
      byIndex.set(at, cell.innerText.trim());
      at += cell.colSpan || 1;
    }
    return { cells: indexes.map((index) => byIndex.get(index) ?? ''), text: row.innerText };
  });
  const loading = !!root.querySelector('.ant-spin-spinning');
  return { missing: labels.filter((_, i) => indexes[i] < 0), rows: rows.map((row) => row.cells), state: loading ? null : rows.map((row) => row.text).join('\n') || 'empty' };
}

/** Searches a list with each keyword and checks that the table shows only rows that match it, and some. */
async function searchList(page, list, lang, shot) {
  const view = page.locator('.page-view:visible');
  const root = list.table ? view.getByTestId(list.table) : view;
  const box = view.getByTestId(list.keyword);
  const labels = list.columns.map(([zh, en]) => (lang === 'zh' ? zh : en));
  const table = () => root.first().evaluate(readTable, labels);
  await box.waitFor();
  if (list.hint !== false) {
    const placeholder = (await box.getAttribute('placeholder')) ?? (await box.locator('input').getAttribute('placeholder'));
    assert(placeholder?.includes(HINT[lang]), `${list.name} (${lang}): the keyword box says initials work: ${placeholder}`);
  }
  let before = await until(async () => {
    const now = await table();
    assert(now.missing.length === 0, `${list.name} (${lang}): no column ${now.missing.join(', ')}`);
    return now.state && now.state !== 'empty' && now.state;
  }, `${list.name} (${lang}): the list loads`);
  for (const keyword of list.keywords ?? PEOPLE) {
    const input = (await box.evaluate((el) => el.tagName)) === 'INPUT' ? box : box.locator('input');
    await input.fill(keyword);
    await input.press('Enter');
    const found = await until(async () => {
      const now = await table();
      return now.state && now.state !== before && now.rows.length > 0 && now;
    }, `${list.name} (${lang}): ${keyword} finds rows`).catch(async (error) => {
      throw new Error(`${error.message}; the table shows ${JSON.stringify((await table()).rows).slice(0, 300)}`);
    });
    const names = found.rows.map((cells) => cells.join(' | '));
    const others = found.rows.filter((cells) => !cells.some((cell) => shows(cell, keyword)));
    assert(others.length === 0, `${list.name} (${lang}): ${keyword} finds only matching rows, not ${JSON.stringify(others)}`);
    if (keyword === '张伟') assert(names.some((name) => name.includes('张伟')), `${list.name} (${lang}): 张伟 is found: ${names.join('; ')}`);
    before = found.state;
  }
  if (list.shot) await shot(`${lang}-${list.shot}`);
}

/** Every list in the page's current language, each opened once. */
async function searchEveryList(page, base, lang, shot) {
  for (const list of LISTS) {
    const url = typeof list.url === 'function' ? await list.url(page, base) : list.url;
    // Visited pages stay mounted, and a reload mounts every tab again: each list opens on its own.
    await page.evaluate(() => sessionStorage.removeItem('visitedViews'));
    await page.goto(`${base}${url}`);
    await page.locator('.page-view:visible').first().waitFor();
    if (list.before) await list.before(page, lang);
    await searchList(page, list, lang, shot);
  }
}

export const keywordFlows = [
  {
    name: 'keyword search: 侯, 张伟 and zw find only the matching people on the student, staff and every area list, in Chinese and English',
    async run({ page, context, base, shot }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'admin');
      await searchEveryList(page, base, 'zh', shot);
      await switchToEnglish(page);
      await searchEveryList(page, base, 'en', shot);
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
