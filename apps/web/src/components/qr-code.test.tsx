import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';

describe('QrCode', () => {
  it('draws an svg of 200 px with a 20 px quiet zone by default', async () => {
    const { container } = render(<QrCode value="https://example.com/app.apk" title="Android" />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', '200');
    expect(svg).toHaveAttribute('height', '200');
    expect(svg?.parentElement).toHaveStyle({ padding: '20px' });
    expect(container.querySelector('title')).toHaveTextContent('Android');
  });
});
