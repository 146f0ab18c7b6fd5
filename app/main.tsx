import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Boundary } from './lib/Boundary';
import { startTheme } from './lib/theme';
import { FAMILY_SLICES } from './interconnects';
import { ModelNotes } from './notes/ModelNotes';
import './styles.css';
import { useApp } from './store/store';
import { ServicesProvider } from './store/servicesContext';
import { TryStoreProvider } from './tryit/tryContext';
import { createTryStore } from './tryit/tryStore';
import TryWorker from './tryit/try.worker?worker';
import { loadFromUrl, offerLastGood, startSync } from './store/sync';
import { WorkerClient } from './worker/client';
import { WorkerPool } from './worker/pool';
import { warmPoolAfterFirstResult } from './worker/warmPool';
import CoreWorker from './worker/core.worker?worker';

const onCrash = (message: string) =>
  useApp.getState().addNotice({ title: 'Worker restarted', tone: 'warning', items: [message] });
const worker = () => new CoreWorker();
const pool = new WorkerPool(worker, { onCrash });
// The pool's first worker is started once the first result is on screen (not while the page opens)
// rather than when a panel first needs it, so losing the network later breaks nothing.
warmPoolAfterFirstResult(pool, useApp, (s) => s.result !== null);
startTheme();
// The families' own state in the page's pane, as their registry entries declare it.
useApp.getState().addFamilySlices(FAMILY_SLICES);
const play = loadFromUrl(location.search);
offerLastGood();
// The app's services (its workers' controls), handed to the components through ServicesProvider.
const services = startSync({ run: new WorkerClient(worker, onCrash), pool });
// Try it's store, with its own worker (started when the page is first opened).
const tryStore = createTryStore(useApp, () => new TryWorker());
if (play) {
  // Start playing once the first result is on screen.
  const stop = useApp.subscribe((s) => {
    if (s.result) {
      stop();
      s.setPlaying(true);
    }
  });
}

// Errors caught by a Boundary are reported there, once and with the configuration; React's own report
// of them would repeat it.
createRoot(document.getElementById('root')!, { onCaughtError: () => undefined }).render(
  <StrictMode>
    <ServicesProvider services={services}>
      <TryStoreProvider store={tryStore}>
        <Boundary name="app" className="m-4">
          <App />
        </Boundary>
      </TryStoreProvider>
      {/* Over any page (a link with notes=<id> opens it), so it lives beside the app, not in a pane. */}
      <Boundary name="model notes" className="m-4">
        <ModelNotes />
      </Boundary>
    </ServicesProvider>
  </StrictMode>,
);
