import { useEffect, useState } from 'react';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import type { DashboardCard } from '@campus/contract';
import { call } from '../../api/client.ts';

/** The cards an administrator set up for the user's roles (/xtgl/sykp): numbers, shortcuts and notices. */
export function DashboardCards() {
  const navigate = useNavigate();
  const [cards, setCards] = useState<DashboardCard[]>([]);
  useEffect(() => {
    let alive = true;
    // Silent: the dashboard still works without its cards (the request client would otherwise toast).
    call<DashboardCard[]>('/api/dashboard/cards', { silent: true }).then(
      (data) => alive && setCards(Array.isArray(data) ? data : []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, []);
  if (!cards.length) return null;
  const notices = cards.filter((card) => card.category === 'notice');
  const tiles = cards.filter((card) => card.category !== 'notice');
  const open = (card: DashboardCard) => card.route && navigate(card.route);
  return (
    <div className="dashboard-cards" data-testid="dashboard-cards">
      {notices.map((card) => (
        <Alert key={card.id} type="info" showIcon title={card.title} description={card.content} className="dashboard-card-notice" />
      ))}
      <Row gutter={[16, 16]}>
        {tiles.map((card) => (
          <Col xs={12} md={6} key={card.id}>
            <Card variant="borderless" hoverable={!!card.route} onClick={() => open(card)} data-testid={`dashboard-card-${card.id}`}>
              {card.category === 'statistic' ? <Statistic title={card.title} value={card.value ?? 0} /> : <Card.Meta title={card.title} description={card.content} />}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
