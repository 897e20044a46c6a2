import type { PageProps } from '../../registry.ts';
import { EventsPage } from '../activities/EventsPage.tsx';

/** Lectures (/xysh/jzgl): the activities' screens for lectures (students sign up themselves). */
export default function LecturesPage({ route }: PageProps) {
  return <EventsPage route={route} kind="lecture" />;
}
