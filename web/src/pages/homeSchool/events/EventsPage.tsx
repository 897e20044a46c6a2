import type { PageProps } from '../../registry.ts';
import { ReleasePage } from '../notices/NoticesPage.tsx';

/**
 * /jxhd/hdfb, Event release: the notice release screens with the event calls and rights
 * (`homeSchool:event`, `:edit`, `:delete`, `:all`), a place, a time, pictures and, when asked, the answers.
 */
export default function EventsPage({ route }: PageProps) {
  return <ReleasePage route={route} kind="event" />;
}
