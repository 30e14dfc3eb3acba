// One variable file draws every Bengali weight the CSS asks for (ADR 019), first in the font stack.
import './styles/bengali-font.css';
import './styles/tokens.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/register-service-worker';
import { reloadOnStaleBuild } from './lib/stale-build';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const queryClient = createQueryClient();

// index.html's splash stays on screen until start-up finished (SPEC section 4), then React replaces it.
// The first render is a transition: React renders the page in slices of a few milliseconds and lets
// the browser answer a tap in between, instead of one long task a slow phone cannot interrupt (TBT).
void bootstrap(queryClient).finally(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
reloadOnStaleBuild();
registerServiceWorker();
