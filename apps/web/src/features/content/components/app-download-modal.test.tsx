import type { Permission, Resource } from '@platform/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionQueryOptions } from '@/features/system';
import { createTestQueryClient, renderWithProviders } from '@/test/render-with-providers';
import { AppDownloadModal } from './app-download-modal';

function clientWithResources(resources: Resource[]) {
  const queryClient = createTestQueryClient();
  // Only the fields this modal reads matter; the rest of the site info is not under test.
  queryClient.setQueryData(permissionQueryOptions().queryKey, {
    info: { resources },
  } as unknown as Permission);
  return queryClient;
}

describe('AppDownloadModal', () => {
  it('shows four steps and a 200 px QR code of the download address for each platform', async () => {
    const queryClient = clientWithResources([
      {
        resourceType: 'Android',
        url: 'https://dl.example.com/app.apk',
        qrCodeUrl: null,
        labelNameEn: 'Android',
      },
      { resourceType: 'IOS', url: 'https://dl.example.com/ios', qrCodeUrl: null, labelNameEn: 'iOS' },
    ]);
    const { user } = renderWithProviders(<AppDownloadModal open onClose={() => undefined} />, {
      queryClient,
    });
    expect(screen.getByRole('dialog', { name: 'Download the app' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() =>
      expect(screen.getByRole('tabpanel').querySelector('svg')).toHaveAttribute('width', '200'),
    );
    expect(screen.getByRole('link', { name: 'Download for Android' })).toHaveAttribute(
      'href',
      'https://dl.example.com/app.apk',
    );

    await user.click(screen.getByRole('tab', { name: 'iOS' }));
    expect(screen.getByRole('link', { name: 'Download for iOS' })).toHaveAttribute(
      'href',
      'https://dl.example.com/ios',
    );
    expect(screen.getByText(/VPN & Device Management/)).toBeInTheDocument();
  });

  it('says so when a platform has no download', () => {
    const queryClient = clientWithResources([]);
    renderWithProviders(<AppDownloadModal open onClose={() => undefined} />, { queryClient, language: 'bn' });
    expect(screen.getByText('এই ডিভাইসের জন্য অ্যাপটি এখনও পাওয়া যাচ্ছে না')).toBeInTheDocument();
  });
});
