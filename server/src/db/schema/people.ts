import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { staff } from './school.ts';

/**
 * Contact details of a staff member that the core `staff` table does not hold (spec section 5: the
 * staff form checks the postal code, so the record must keep one). One row per staff member at most.
 */
export const staffContacts = pgTable('staff_contacts', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  /** Six digits (spec section 5). */
  postalCode: varchar('postal_code', { length: 6 }),
  address: varchar('address', { length: 200 }),
});
