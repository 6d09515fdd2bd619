import React, { useEffect } from 'react';
import { AppState } from 'react-native';
import NetInfo from '@react-native-community/netinfo';
import { NavigationContainer } from '@react-navigation/native';
import { createNativeStackNavigator } from '@react-navigation/native-stack';
import * as Sentry from '@sentry/react-native';
import BackgroundFetch from 'react-native-background-fetch';
import { OfflineQueue, openQueue, QueueContext } from './sync/offlineQueue';
import { RefundsScreen } from './screens/RefundsScreen';

Sentry.init({
  dsn: process.env.SENTRY_DSN,
  sendDefaultPii: false,
  // offline network errors are expected; they are breadcrumbs, not events
  beforeSend: (event) => (event.tags?.area === 'sync-network' ? null : event),
});

const Stack = createNativeStackNavigator();

export default function App(): React.JSX.Element {
  const [queue, setQueue] = React.useState<OfflineQueue | null>(null);

  useEffect(() => {
    let cancelled = false;
    openQueue({ baseUrl: process.env.API_BASE_URL ?? 'http://localhost:8000' }).then((q) => {
      if (!cancelled) setQueue(q);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (!queue) return;
    // Foreground and connectivity changes are the reliable triggers; background fetch is a bonus on Android.
    const appState = AppState.addEventListener('change', (state) => {
      if (state === 'active') void queue.drain();
    });
    const unsubscribeNet = NetInfo.addEventListener((net) => {
      if (net.isConnected) queue.scheduleDrainAfterReconnect();
    });
    void BackgroundFetch.configure({ minimumFetchInterval: 15, stopOnTerminate: false }, async (taskId) => {
      await queue.drain();
      BackgroundFetch.finish(taskId);
    });
    void queue.drain();
    return () => {
      appState.remove();
      unsubscribeNet();
    };
  }, [queue]);

  return (
    <QueueContext.Provider value={queue}>
      <NavigationContainer>
        <Stack.Navigator>
          <Stack.Screen name="Refunds" component={RefundsScreen} />
        </Stack.Navigator>
      </NavigationContainer>
    </QueueContext.Provider>
  );
}
