import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, finishLeaveMotion, ok, renderWithRouter, stubFetch } from '../../test/helpers';
import { deferredLoadsSettled } from '../lazy-antd';
import { LocationMap } from './location-map';
import { MAPS_CONFIG_KEY } from './use-maps-config';

/*
 * LocationMap (issue 14): the address as text without a provider or a point; with both, a static map of
 * tiles that opens the map dialog, where Leaflet (replaced here: happy-dom draws nothing) shows the point.
 */

const leaflet = vi.hoisted(() => {
  const calls = {
    map: [] as { el: HTMLElement; options: Record<string, unknown> }[],
    tileLayer: [] as { url: string; options: Record<string, unknown> }[],
    marker: [] as { at: unknown; options: Record<string, unknown> }[],
    divIcon: [] as Record<string, unknown>[],
    prefix: [] as unknown[],
    removed: 0,
  };
  const layer = { addTo: () => layer };
  const fake = {
    map: (el: HTMLElement, options: Record<string, unknown>) => {
      calls.map.push({ el, options });
      return {
        attributionControl: { setPrefix: (p: unknown) => calls.prefix.push(p) },
        invalidateSize: () => undefined,
        remove: () => {
          calls.removed += 1;
        },
      };
    },
    tileLayer: (url: string, options: Record<string, unknown>) => {
      calls.tileLayer.push({ url, options });
      return layer;
    },
    marker: (at: unknown, options: Record<string, unknown>) => {
      calls.marker.push({ at, options });
      return layer;
    },
    divIcon: (options: Record<string, unknown>) => {
      calls.divIcon.push(options);
      return { divIcon: options };
    },
  };
  return { calls, fake };
});
vi.mock('leaflet', () => leaflet.fake);

const CONFIG_PATH = 'GET /api/ourea/maps/config';
const PROVIDER = {
  configured: true,
  tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap <贡献者>',
  subdomains: ['a', 'b', 'c'],
};
const TIANANMEN = { longitude: 116.3975, latitude: 39.9087 };
const ADDRESS = '北京市东城区东长安街';

beforeEach(() => {
  leaflet.calls.map.length = 0;
  leaflet.calls.tileLayer.length = 0;
  leaflet.calls.marker.length = 0;
  leaflet.calls.divIcon.length = 0;
  leaflet.calls.prefix.length = 0;
  leaflet.calls.removed = 0;
});
afterEach(async () => {
  await deferredLoadsSettled();
});

describe('LocationMap without a map', () => {
  it('shows the address as text when no provider is configured', async () => {
    const calls = stubFetch({ [CONFIG_PATH]: ok({ configured: false, tileUrl: '', attribution: '' }) });
    const { queryClient } = renderWithRouter(<LocationMap location={TIANANMEN} address={ADDRESS} />);
    expect(screen.getByTestId('location-address').textContent).toContain(ADDRESS);
    // still text once the answer is there
    await waitFor(() => expect(queryClient.getQueryState(MAPS_CONFIG_KEY)?.status).toBe('success'));
    expect(calls.filter((c) => c.path === '/api/ourea/maps/config')).toHaveLength(1);
    expect(screen.queryByTestId('location-map')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('location-address').textContent).toContain(ADDRESS);
  });

  it('shows the address as text without a point, and does not ask for the provider', async () => {
    const calls = stubFetch({ [CONFIG_PATH]: ok(PROVIDER) });
    renderWithRouter(<LocationMap location={null} address={ADDRESS} />);
    expect(screen.getByTestId('location-address').textContent).toContain(ADDRESS);
    await act(async () => {});
    expect(screen.queryByTestId('location-map')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows the address as text when the provider cannot be asked, without an error toast', async () => {
    stubFetch({ [CONFIG_PATH]: fail(500, '服务器内部错误') });
    const { queryClient } = renderWithRouter(<LocationMap location={TIANANMEN} address={ADDRESS} />);
    // (after the one retry the query client gives a server error)
    await waitFor(() => expect(queryClient.getQueryState(MAPS_CONFIG_KEY)?.status).toBe('error'));
    expect(screen.getByTestId('location-address').textContent).toContain(ADDRESS);
    expect(screen.queryByTestId('location-map')).toBeNull();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
  });

  it('shows nothing without an address or a point', () => {
    stubFetch({ [CONFIG_PATH]: ok(PROVIDER) });
    const { container } = renderWithRouter(<LocationMap location={undefined} address="" />);
    expect(container.textContent).toBe('');
  });
});

describe('LocationMap with a provider and a point', () => {
  it('draws the tiles around the point with the pin, the attribution and the address under it', async () => {
    stubFetch({ [CONFIG_PATH]: ok(PROVIDER) });
    renderWithRouter(<LocationMap location={TIANANMEN} address={ADDRESS} title="前端开发工程师" />);
    const map = await screen.findByTestId('location-map');
    expect(map.getAttribute('aria-label')).toBe(`查看地图：${ADDRESS}`);
    expect(map.style.height).toBe('220px');
    const tiles = Array.from(map.querySelectorAll('img'));
    // 800 px (the width before measuring) by 220 px around the point's tile 26978/12416 (offset 194, 31)
    expect(tiles.length).toBe(8);
    const own = tiles.find((img) => img.src.endsWith('/15/26978/12416.png'));
    expect(own?.src).toBe('https://b.tiles.example.org/15/26978/12416.png');
    expect(own?.style.left).toBe('calc(50% + -194px)');
    expect(own?.style.top).toBe('calc(50% + -31px)');
    expect(own?.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(own?.getAttribute('alt')).toBe('');
    expect(map.querySelector('.location-map__pin')).not.toBeNull();
    // plain text: the provider's text is never markup
    // over the map, outside its button (a button's visible text must be part of its name)
    expect(screen.getByTestId('location-map-attribution').textContent).toBe('© OpenStreetMap <贡献者>');
    expect(map.textContent).not.toContain('OpenStreetMap');
    expect(screen.getByTestId('location-address').textContent).toContain(ADDRESS);
  });

  it('honours another height', async () => {
    stubFetch({ [CONFIG_PATH]: ok(PROVIDER) });
    renderWithRouter(<LocationMap location={TIANANMEN} address={ADDRESS} height={300} />);
    expect((await screen.findByTestId('location-map')).style.height).toBe('300px');
  });

  it('opens the map dialog from the keyboard, centred on the point, and closes it with Esc', async () => {
    stubFetch({ [CONFIG_PATH]: ok(PROVIDER) });
    const user = userEvent.setup();
    renderWithRouter(<LocationMap location={TIANANMEN} address={ADDRESS} title="前端开发工程师" />);
    const map = await screen.findByTestId('location-map');
    map.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('前端开发工程师')).toBeTruthy();
    expect(within(dialog).getByTestId('map-dialog-address').textContent).toContain(ADDRESS);
    await waitFor(() => expect(leaflet.calls.map).toHaveLength(1));
    expect(leaflet.calls.map[0]?.el).toBe(within(dialog).getByTestId('map-dialog-map'));
    expect(leaflet.calls.map[0]?.options).toMatchObject({ center: [39.9087, 116.3975], zoom: 15 });
    expect(leaflet.calls.tileLayer[0]?.url).toBe(PROVIDER.tileUrl);
    expect(leaflet.calls.tileLayer[0]?.options).toMatchObject({
      attribution: '© OpenStreetMap &#60;贡献者&#62;',
      subdomains: ['a', 'b', 'c'],
      referrerPolicy: 'strict-origin',
    });
    // a marker drawn by CSS: Leaflet's default marker images are not part of the build
    expect(leaflet.calls.divIcon[0]?.className).toBe('location-map__marker');
    expect(leaflet.calls.marker[0]).toMatchObject({ at: [39.9087, 116.3975] });
    expect(leaflet.calls.marker[0]?.options.icon).toEqual({ divIcon: leaflet.calls.divIcon[0] });
    expect(within(dialog).queryByText('正在加载地图…')).toBeNull();

    fireEvent.keyDown(within(dialog).getByTestId('map-dialog-map'), { key: 'Escape' });
    // the leave motion may start after the key returns: end it until the dialog is gone
    await waitFor(() => {
      act(() => finishLeaveMotion());
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(leaflet.calls.removed).toBe(1);

    // opened again by a click: a fresh map
    await user.click(map);
    await waitFor(() => expect(leaflet.calls.map).toHaveLength(2));
  });
});
