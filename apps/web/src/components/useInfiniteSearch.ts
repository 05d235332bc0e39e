import { INFINITE_LIST_PAGE_SIZE, type Page } from '@iot/contracts';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { type UIEvent, useState } from 'react';
import { useDebouncedValue } from './debounce';

/** How near the end of a dropdown's list (px) the next page is asked for. */
const LOAD_MORE_WITHIN_PX = 48;

/**
 * A server-searched infinite list for a picker (spec core §9): the typed keyword goes to the server
 * debounced (useDebouncedValue), pages of INFINITE_LIST_PAGE_SIZE are read as the dropdown scrolls
 * to its end, and a shorter page is the last. Hand `onSearch` and `onPopupScroll` to antd's Select.
 */
export function useInfiniteSearch<T>(
  key: QueryKey,
  fetchPage: (page: number, size: number, keyword: string) => Promise<Page<T>>,
  options: { enabled?: boolean } = {},
) {
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim());
  const query = useInfiniteQuery({
    queryKey: [...key, 'infinite', keyword],
    queryFn: ({ pageParam }) => fetchPage(pageParam, INFINITE_LIST_PAGE_SIZE, keyword),
    initialPageParam: 0,
    getNextPageParam: (last: Page<T>, all) =>
      last.list.length < INFINITE_LIST_PAGE_SIZE ? undefined : all.length,
    enabled: options.enabled ?? true,
  });
  // While the typed keyword waits for its debounce, or its answer, the options of an older keyword
  // are not offered: a quick click must not pick one of them.
  const searching = typed.trim() !== keyword || query.isLoading;
  const items = searching ? [] : (query.data?.pages.flatMap((page) => page.list) ?? []);
  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    const nearEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_WITHIN_PX;
    // Scroll events come in bursts: one request for the next page, not one per event.
    if (nearEnd && query.hasNextPage) void query.fetchNextPage({ cancelRefetch: false });
  };
  return {
    items,
    /** The keyword as typed (what the search box shows). */
    typed,
    onSearch: setTyped,
    onPopupScroll,
    /** Loading or waiting to search: show 加载中 rather than 没有匹配. */
    isFetching: searching || query.isFetching,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
  };
}
