import type { PageProps } from '../../registry.ts';
import { EventsPage } from './EventsPage.tsx';

/** Activities (/xysh/hdbm). */
export default function ActivitiesPage({ route }: PageProps) {
  return <EventsPage route={route} kind="activity" />;
}
