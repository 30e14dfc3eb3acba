import type { Permission, Resource } from '@platform/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionQueryOptions } from '@/features/system';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { DownloadPage } from './download-page';

const resources: Resource[] = [
  { resourceType: 'Android', url: 'https://dl.example.com/app.apk', qrCodeUrl: null, labelNameEn: 'Android' },
  { resourceType: 'IOS', url: 'https://dl.example.com/ios', qrCodeUrl: null, labelNameEn: 'iOS' },
];

describe('DownloadPage', () => {
  it('has Android and iOS tabs, four steps each and a QR code of 200 px with a margin of 20', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(permissionQueryOptions().queryKey, {
      info: { resources },
    } as unknown as Permission);
    const { user } = renderWithProviders(<DownloadPage />, { queryClient });
    expect(await screen.findByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() =>
      expect(screen.getByRole('tabpanel').querySelector('svg')).toHaveAttribute('width', '200'),
    );
    const qr = screen.getByRole('tabpanel').querySelector('svg');
    expect(qr?.parentElement).toHaveStyle({ padding: '20px' });
    await user.click(screen.getByRole('tab', { name: 'iOS' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Download for iOS' })).toHaveAttribute(
      'href',
      'https://dl.example.com/ios',
    );
  });
});
