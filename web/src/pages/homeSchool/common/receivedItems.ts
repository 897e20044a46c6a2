import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchUnreadCount } from '../../../api/messages.ts';
import type { PaginationPart } from '../../../components/PagedTable/index.ts';
import { messageCounts } from '../../../state/messages.ts';

/**
 * What the lists of received items (my notices, performance replies, my homework) share: a phone's pager,
 * the item a message's link opens, and a refresh of the list and the bell after an item was read.
 */

/** The pager of a list of cards on a phone: no page-size changer or jumper. */
export const PHONE_PAGER: readonly PaginationPart[] = ['total', 'prev', 'pager', 'next'];

/** The item id of a message link (`<page>?id=<id>`), when the address is this page's. */
export function linkedId(pathname: string, search: string, path: string): number | null {
  if (pathname !== path) return null;
  const id = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The item open in the page's detail. A link's id opens that item; the address then drops it, so the same
 * link works again later.
 */
export function useLinkedItem(path: string): [number | null, (id: number | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<number | null>(null);
  const fromLink = linkedId(location.pathname, location.search, path);
  useEffect(() => {
    if (fromLink === null) return;
    setOpenId(fromLink);
    void navigate(path, { replace: true });
  }, [fromLink, navigate, path]);
  return [openId, setOpenId];
}

/**
 * After an item was opened or answered: the list again (when `reload` allows), and the bell's count from
 * the server, since opening an item marks its messages read too.
 */
export function useReadRefresh(table: RefObject<{ reload: () => void } | null>, reload: () => boolean = () => true): () => void {
  return useCallback(() => {
    if (reload()) table.current?.reload();
    fetchUnreadCount().then(
      (count) => messageCounts().markedRead(count),
      () => undefined,
    );
    // `reload` reads a ref of the caller's; the callback need not change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table]);
}
