import { campusEventRoutes } from '../activities/eventRoutes.ts';

/** 讲座 (/xysh/jzgl): the calls of docs/calls-campusLife.md under /api/campusLife/lectures (the activities' rules, kind 'lecture'). */
export const lectureRoutes = campusEventRoutes('lecture');
