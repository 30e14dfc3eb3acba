import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the app shell lands.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <p>Khela</p>
  </StrictMode>,
);
