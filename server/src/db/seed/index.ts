import { sql } from 'drizzle-orm';
import { USER_TYPES } from '@campus/contract';
import type { Config } from '../../config.ts';
import { DEFAULT_PASSWORD_POLICY, SettingKey } from '../../modules/system/settings/service.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { queryRows, withAdvisoryLock, type Db, type Tx } from '../client.ts';
import { eq, inArray } from 'drizzle-orm';
import { menus, roleMenus, roles, systemConfig, userRoles, users } from '../schema/index.ts';
import { MENU_TREE, type DemoRole, type MenuSeed } from './menus.ts';
import { seedSchool } from './school.ts';
import { seedHomeCards } from './pages.ts';
import { seedJobs } from './jobs.ts';
import { seedConduct, seedHomework, seedNotices, seedSms } from './homeSchool.ts';
import { seedAwards } from './awards.ts';
import { backdateApplicationMessages, seedApplications } from './applications.ts';
import { seedEnrolment, seedRollChanges, seedTeachingClasses } from './roll.ts';
import { seedExamArrangements, seedExams } from './exams.ts';
import { seedGroupsAndCorrections, seedOverallSchemes, seedScoreBatches, seedScoreRules, seedScores } from './scores.ts';
import { seedEvaluation } from './evaluation.ts';
import { seedExternalExams } from './externalScores.ts';
import { seedElectives } from './electives.ts';
import { seedHeadTeacher } from './headTeacher.ts';
import { seedCampusLife } from './campusLife.ts';
import { seedSafety } from './safety.ts';
import { seedLabs } from './labs.ts';
import { seedLessonChanges } from './lessonChanges.ts';
import { seedTimetableArrangement } from './timetableArrangement.ts';
import { seedShiftClasses } from './shiftClasses.ts';
import { seedAdmission } from './admission.ts';
import { seedSurveys } from './surveys.ts';
import { seedTeaching } from './teaching.ts';

export const DEMO_PASSWORD = 'Demo@2026';

const ROLES: { code: string; name: string; sort: number }[] = [
  { code: 'admin', name: '系统管理员', sort: 1 },
  { code: 'teacher', name: '任课教师', sort: 2 },
  { code: 'class_teacher', name: '班主任', sort: 3 },
  { code: 'student', name: '学生', sort: 4 },
  { code: 'parent', name: '家长', sort: 5 },
];

const DEMO_USERS: { account: string; displayName: string; userType: number; roles: string[] }[] = [
  { account: 'admin', displayName: '系统管理员', userType: USER_TYPES.administrator, roles: ['admin'] },
  { account: 'T0001', displayName: '王建国', userType: USER_TYPES.teacher, roles: ['teacher'] },
  { account: 'T0002', displayName: '李秀英', userType: USER_TYPES.teacher, roles: ['teacher', 'class_teacher'] },
  { account: '201911001', displayName: '张小明', userType: USER_TYPES.student, roles: ['student'] },
  { account: 'jz201911001', displayName: '张小明家长', userType: USER_TYPES.parent, roles: ['parent'] },
];

const SEED_LOCK_ID = 4_242_002;

/** Codes of the built-in menus seeded so far: a menu the administrator deleted is not brought back. */
const SEEDED_MENUS_KEY = 'seed.menuCodes';
/**
 * Which role grants (`menu code>role`) the seed has made. A release that gives an existing menu to one
 * more role (the dormitories to students and parents, say) grants it on the next start; a grant the
 * administrator takes away later stays taken away. A database seeded before this key existed gets the
 * grants its menus lack once.
 */
const SEEDED_GRANTS_KEY = 'seed.menuGrants';

/** Inserts a built-in menu that was never seeded; answers its id, or null when it exists no more. */
async function seedMenu(tx: Tx, seed: MenuSeed, parentId: number | null, sort: number, seeded: Set<string>): Promise<{ id: number; created: boolean } | null> {
  const [existing] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.code, seed.code));
  if (existing) return { id: existing.id, created: false };
  // Seeded once and gone since: the administrator deleted it on purpose.
  if (seeded.has(seed.code)) return null;
  const [row] = await tx
    .insert(menus)
    .values({
      code: seed.code,
      parentId,
      name: seed.name,
      nameEn: seed.nameEn,
      url: seed.url,
      permission: seed.permission,
      icon: seed.icon ?? '',
      sort,
      hidden: seed.hidden ?? false,
      alwaysShow: seed.alwaysShow ?? false,
      noCache: seed.noCache ?? false,
      position: seed.position ?? null,
      kind: seed.kind ?? (seed.children?.some((child) => child.kind !== 'button') ? 'directory' : 'page'),
    })
    .returning({ id: menus.id });
  return { id: row!.id, created: true };
}

/** Fills a fresh database with the demo school; running it again changes nothing that exists. */
export async function seedDemo(db: Db, config: Config): Promise<void> {
  // argon2id is deliberately slow: hash only the demo accounts that do not exist yet, not on every start.
  const existing = new Set(
    (await db.select({ account: users.account }).from(users).where(inArray(users.account, DEMO_USERS.map((u) => u.account)))).map((u) => u.account),
  );
  const passwordHashes = new Map<string, string>();
  for (const user of DEMO_USERS.filter((u) => !existing.has(u.account))) {
    passwordHashes.set(user.account, await hashPassword(user.account, DEMO_PASSWORD, config.argon2));
  }

  await withAdvisoryLock(db, SEED_LOCK_ID, async (tx) => {
    await tx.insert(roles).values(ROLES).onConflictDoNothing({ target: roles.code });
    const roleRows = await tx.select({ id: roles.id, code: roles.code }).from(roles);
    const roleId = new Map(roleRows.map((r) => [r.code, r.id]));

    // Built-in menus are created once; what the administrator renames, moves, switches off, takes from
    // a role or deletes later stays so (only menus a newer release adds are seeded on a later start).
    const [seededRow] = await tx.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, SEEDED_MENUS_KEY));
    const seeded = new Set<string>(seededRow ? (JSON.parse(seededRow.value) as string[]) : []);
    const [grantedRow] = await tx.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, SEEDED_GRANTS_KEY));
    const granted = new Set<string>(grantedRow ? (JSON.parse(grantedRow.value) as string[]) : []);
    const grants: { roleId: number; menuId: number }[] = [];
    const walk = async (nodes: MenuSeed[], parentId: number | null) => {
      let sort = 1;
      for (const node of nodes) {
        const menu = await seedMenu(tx, node, parentId, sort++, seeded);
        if (!menu) continue;
        seeded.add(node.code);
        for (const role of ['admin', ...(node.roles ?? ([] as DemoRole[]))]) {
          const grant = `${node.code}>${role}`;
          if (granted.has(grant)) continue;
          grants.push({ roleId: roleId.get(role)!, menuId: menu.id });
          granted.add(grant);
        }
        if (node.children) await walk(node.children, menu.id);
      }
    };
    await walk(MENU_TREE, null);
    if (grants.length) await tx.insert(roleMenus).values(grants).onConflictDoNothing();
    for (const [key, values] of [
      [SEEDED_MENUS_KEY, seeded],
      [SEEDED_GRANTS_KEY, granted],
    ] as const) {
      const value = JSON.stringify([...values].sort());
      await tx.insert(systemConfig).values({ key, value }).onConflictDoUpdate({ target: systemConfig.key, set: { value, updatedAt: new Date() } });
    }

    for (const user of DEMO_USERS.filter((u) => passwordHashes.has(u.account))) {
      await tx
        .insert(users)
        .values({ account: user.account, displayName: user.displayName, userType: user.userType, passwordHash: passwordHashes.get(user.account)! })
        .onConflictDoNothing({ target: users.account });
    }
    // Only the demo accounts: at district scale the table holds hundreds of thousands of users.
    const userRows = await tx.select({ id: users.id, account: users.account }).from(users).where(inArray(users.account, DEMO_USERS.map((u) => u.account)));
    const userId = new Map(userRows.map((u) => [u.account, u.id]));
    const links = DEMO_USERS.flatMap((u) => u.roles.map((code) => ({ userId: userId.get(u.account)!, roleId: roleId.get(code)! })));
    await tx.insert(userRoles).values(links).onConflictDoNothing();

    await tx
      .insert(systemConfig)
      .values([
        { key: SettingKey.passwordRule, value: DEFAULT_PASSWORD_POLICY.rule },
        { key: SettingKey.passwordDescription, value: DEFAULT_PASSWORD_POLICY.description },
        { key: SettingKey.passwordDescriptionEn, value: DEFAULT_PASSWORD_POLICY.descriptionEn },
      ])
      .onConflictDoNothing();

    await seedSchool(tx);
    await seedJobs(tx);
    await seedHomeCards(tx);
    await seedNotices(tx);
    await seedConduct(tx);
    await seedSms(tx);
    await seedHomework(tx);
    await seedAwards(tx);
    // Only a fresh demo school's messages are re-dated, never those of a school in use.
    const [before] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM applications) AS any`);
    await seedApplications(tx);
    await seedRollChanges(tx);
    await seedEnrolment(tx);
    await seedAdmission(tx);
    await seedTeachingClasses(tx);
    await seedExams(tx);
    await seedExamArrangements(tx);
    await seedScoreRules(tx);
    await seedScoreBatches(tx);
    await seedScores(tx);
    await seedOverallSchemes(tx);
    await seedGroupsAndCorrections(tx);
    await seedEvaluation(tx);
    await seedExternalExams(tx);
    await seedElectives(tx);
    await seedHeadTeacher(tx);
    await seedSafety(tx);
    await seedLabs(tx);
    await seedLessonChanges(tx);
    await seedTimetableArrangement(tx);
    await seedShiftClasses(tx, config.demoShiftGradeSize);
    await seedCampusLife(tx);
    await seedTeaching(tx);
    await seedSurveys(tx);
    if (!before?.any) await backdateApplicationMessages(tx);
  });
}
