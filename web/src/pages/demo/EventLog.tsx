import { useCallback, useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';

const KEPT_EVENTS = 8;

/** The latest events of a demo page, newest first. */
export function useEventLog() {
  const [events, setEvents] = useState<string[]>([]);
  const log = useCallback((text: string) => setEvents((list) => [text, ...list].slice(0, KEPT_EVENTS)), []);
  return { events, log };
}

/** Shows what a demo page's component reported, so a developer (and the browser flows) can read it. */
export function EventLog({ events }: { events: string[] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('demo.events')}>
      <ul className="demo-events" data-testid="demo-events">
        {events.map((event, index) => (
          <li key={`${index}-${event}`}>{event}</li>
        ))}
      </ul>
    </Card>
  );
}
