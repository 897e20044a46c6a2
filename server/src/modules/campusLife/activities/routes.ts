import { registerJobHandler } from '../../system/jobs/registry.ts';
import { campusEventRoutes } from './eventRoutes.ts';
import { remindDueEvents } from './service.ts';

/** 活动报名 (/xysh/hdbm): the calls of docs/calls-campusLife.md under /api/campusLife/activities. */
export const activityRoutes = campusEventRoutes('activity');

// Lectures and activities alike: participants are reminded once, within the day before the start.
registerJobHandler({
  name: 'remindCampusEvents',
  descriptionKey: 'jobs.handler.remindCampusEvents',
  async run({ db }) {
    return `reminded=${await remindDueEvents(db)}`;
  },
});
