import React, { useCallback, useContext, useEffect, useState } from 'react';
import { ActivityIndicator, Button, FlatList, Text, View } from 'react-native';
import { QueueContext } from '../sync/offlineQueue';
import { ApiRequestError, withRetry } from '../sync/retry';

interface RefundRow {
  id: string;
  amount: number;
  status: 'requested' | 'pending' | 'succeeded' | 'failed' | 'canceled';
  created_at: string;
}

interface RefundPage {
  data: RefundRow[];
  has_more: boolean;
  next_cursor: string | null;
}

const API = process.env.API_BASE_URL ?? 'http://localhost:8000';

async function fetchPage(cursor: string | null): Promise<RefundPage> {
  const query = new URLSearchParams({ limit: '50', ...(cursor ? { cursor } : {}) });
  const res = await fetch(`${API}/v1/refunds?${query}`);
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; request_id?: string } };
    throw new ApiRequestError(res.status, body.error?.code, body.error?.request_id, undefined);
  }
  return (await res.json()) as RefundPage;
}

const formatAmount = (cents: number) => `€${(cents / 100).toFixed(2)}`;

export function RefundsScreen(): React.JSX.Element {
  const queue = useContext(QueueContext);
  const [rows, setRows] = useState<RefundRow[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);

  const loadMore = useCallback(async () => {
    if (loading || !hasMore) return;
    setLoading(true);
    try {
      const page = await withRetry(() => fetchPage(cursor));
      setRows((prev) => [...prev, ...page.data]);
      setCursor(page.next_cursor);
      setHasMore(page.has_more);
    } catch (error) {
      // a cursor older than 24 h is rejected: restart from the first page instead of showing an error
      if (error instanceof ApiRequestError && error.code === 'invalid_cursor') {
        setRows([]);
        setCursor(null);
        setHasMore(true);
      }
    } finally {
      setLoading(false);
    }
  }, [cursor, hasMore, loading]);

  useEffect(() => {
    void loadMore();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <View style={{ flex: 1 }}>
      <FlatList
        data={rows}
        keyExtractor={(r) => r.id}
        onEndReached={loadMore}
        renderItem={({ item }) => (
          <View style={{ padding: 12, flexDirection: 'row', justifyContent: 'space-between' }}>
            <Text>{formatAmount(item.amount)}</Text>
            <Text>{item.status === 'pending' ? 'syncing…' : item.status}</Text>
          </View>
        )}
        ListFooterComponent={loading ? <ActivityIndicator /> : null}
      />
      <Button
        title="Refund last charge €10"
        disabled={!queue}
        onPress={() => void queue?.enqueue('refund.create', { charge: 'latest', amount: 1000 })}
      />
    </View>
  );
}
