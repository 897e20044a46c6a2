// Browser flows of 班主任工作 (issue 17), appended to the flows of flows.mjs.
import { assert, until } from '../flows.mjs';
import { assertEnglish, shotOf, signIn } from '../homeSchool/noticeFlows.mjs';
import { watchErrors } from '../homeSchool/homeworkFlows.mjs';

const AREA = 'headTeacher';

/** The seats of the chart as the page shows them: "row-column" → student id ('' when empty). */
async function seatMap(page) {
  return page.locator('[data-testid^="ht-seat-"]').evaluateAll((cells) =>
    Object.fromEntries(cells.map((cell) => [cell.getAttribute('data-testid').replace('ht-seat-', ''), cell.getAttribute('data-student') ?? ''])),
  );
}

export const headTeacherFlows = [
  {
    name: 'headTeacher: the class teacher drags an unseated student onto an empty seat and swaps two students, saves, and finds the chart kept after a reload',
    async run({ page, context, base }) {
      const errors = [];
      watchErrors(page, errors);
      await signIn(page, context, base, 'T0002');
      // 班级工作 opens the seating chart (a hidden /bzrgzscgl/ page).
      await page.goto(`${base}/bzrsc/bjgz`);
      await page.getByTestId('ht-card-seating').click();
      await page.waitForURL(/\/bzrgzscgl\/works\/zwb$/);
      await page.getByTestId('ht-seating-room').waitFor();
      const before = await seatMap(page);

      // An unseated student onto the first empty seat.
      const chip = page.locator('[data-testid^="ht-pool-"]').first();
      await chip.waitFor();
      const newcomer = (await chip.getAttribute('data-testid')).replace('ht-pool-', '');
      const empty = Object.entries(before).find(([, student]) => !student)?.[0];
      assert(empty, 'the demo chart has an empty seat');
      await chip.dragTo(page.getByTestId(`ht-seat-${empty}`));
      await until(async () => (await page.getByTestId(`ht-seat-${empty}`).getAttribute('data-student')) === newcomer, 'the dragged student sits on the empty seat');
      assert((await page.getByTestId(`ht-pool-${newcomer}`).count()) === 0, 'the seated student leaves the unseated list');

      // Two seated students swap: the front-left one is dragged onto the one beside it.
      const [a, b] = ['1-1', '1-2'];
      const [first, second] = [before[a], before[b]];
      assert(first && second, 'the two front seats are taken');
      await page.getByTestId(`ht-seat-${a}`).dragTo(page.getByTestId(`ht-seat-${b}`));
      await until(
        async () => (await page.getByTestId(`ht-seat-${a}`).getAttribute('data-student')) === second && (await page.getByTestId(`ht-seat-${b}`).getAttribute('data-student')) === first,
        'the two students swapped seats',
      );

      await page.getByTestId('ht-seating-save').click();
      await until(async () => (await page.locator('.ant-message').innerText()).includes('座位表已保存为版本'), 'the save is confirmed with its version');
      await page.reload();
      await page.getByTestId('ht-seating-room').waitFor();
      await until(async () => {
        const after = await seatMap(page);
        return after[empty] === newcomer && after[a] === second && after[b] === first;
      }, 'the arrangement is kept after a reload');
      assert(await page.getByTestId('ht-seating-save').isDisabled(), 'nothing is left to save');
      assert(!(await page.getByTestId('ht-seating-page').innerText()).includes('{'), 'every text has its values filled in');
      await shotOf(page, 'seating-saved', AREA);

      // The same page in English: no Chinese besides the students' names and the class's.
      await context.addCookies([{ name: 'language', value: 'en', url: base }]);
      await page.reload();
      await page.getByTestId('ht-seating-room').waitFor();
      await assertEnglish(page, 'the seating chart in English', {
        dataSelectors: ['.ht-seat', '.ht-chip', '[data-testid="ht-class-name"]', '[data-testid="ht-seating-saved"]', '.ant-select-selection-item', '.ant-input'],
      });
      await shotOf(page, 'seating-english', AREA);
      assert(errors.length === 0, `no page errors: ${errors.join('; ')}`);
    },
  },
];
