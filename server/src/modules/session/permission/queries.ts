import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.ts';

export interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  name_en: string | null;
  url: string;
  icon: string;
  sort: number;
  hidden: boolean;
  always_show: boolean;
  no_cache: boolean;
  is_custom_page: boolean;
  custom_page_param: string | null;
  is_home_page: boolean;
  position: string | null;
  is_external_link: boolean;
}

/** The same tree for a set of enabled roles (every user holding exactly these roles gets it). */
export async function menusForRoles(db: DbOrTx, roleIds: readonly number[]): Promise<MenuRow[]> {
  if (!roleIds.length) return [];
  return queryRows<MenuRow>(db, sql`
    WITH RECURSIVE granted AS (
      SELECT DISTINCT m.id FROM role_menus rm
      JOIN menus m ON m.id = rm.menu_id AND m.enabled
      WHERE rm.role_id IN (${sql.join(roleIds.map((id) => sql`${id}`), sql`, `)})
    ), tree AS (
      SELECT id FROM granted
      UNION
      SELECT m.parent_id FROM menus m JOIN tree ON tree.id = m.id WHERE m.parent_id IS NOT NULL
    )
    SELECT m.id, m.parent_id, m.name, m.name_en, m.url, m.icon, m.sort, m.hidden, m.always_show, m.no_cache,
           m.is_custom_page, m.custom_page_param, m.is_home_page, m.position, m.is_external_link
    FROM menus m JOIN (SELECT DISTINCT id FROM tree) t ON t.id = m.id
    -- Buttons are actions inside a page: they give permission values, never menu entries.
    WHERE m.enabled AND m.kind <> 'button'
    ORDER BY m.sort, m.id`);
}
