import { createContext, useContext } from 'react';
import { RELEASE, type ReleaseConfig } from '../../../api/homeSchool.ts';

/**
 * Which release page the notice screens serve: notice release (notices) or event release (events). The list, form,
 * receipts and view read their calls and rights from here; an event adds its place, time and answers.
 */
export const ReleaseContext = createContext<ReleaseConfig>(RELEASE.notice);

export function useRelease(): ReleaseConfig {
  return useContext(ReleaseContext);
}

/** The text key of the page's kind: `events.<name>` for events, `notices.<name>` for notices. */
export function kindKey(release: ReleaseConfig, name: string): string {
  return `${release.kind === 'event' ? 'events' : 'notices'}.${name}`;
}
