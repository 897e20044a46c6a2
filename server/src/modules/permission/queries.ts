import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

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

/**
 * Enabled menus granted to the user's enabled roles, with their ancestors, so the tree is whole even
 * when a role holds a page without its group.
 */
export async function menusForUser(db: DbOrTx, userId: number): Promise<MenuRow[]> {
  const result = await queryRows<MenuRow>(db, sql`
    WITH RECURSIVE granted AS (
      SELECT DISTINCT m.id FROM user_roles ur
      JOIN roles r ON r.id = ur.role_id AND r.enabled
      JOIN role_menus rm ON rm.role_id = r.id
      JOIN menus m ON m.id = rm.menu_id AND m.enabled
      WHERE ur.user_id = ${userId}
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
  return result;
}
