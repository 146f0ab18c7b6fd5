import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';
import { useApp } from './store/store';
import { loadFromUrl, startSync } from './store/sync';
import { WorkerClient } from './worker/client';
import CoreWorker from './worker/core.worker?worker';

const client = new WorkerClient(
  () => new CoreWorker(),
  (message) => useApp.getState().addNotice({ title: 'Worker restarted', tone: 'warning', items: [message] }),
);
const play = loadFromUrl(location.search);
startSync(client);
if (play) {
  // Start playing once the first result is on screen.
  const stop = useApp.subscribe((s) => {
    if (s.result) {
      stop();
      s.setPlaying(true);
    }
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
