import { EnvironmentOutlined } from '@ant-design/icons';
import { MAP_ZOOM, type MapsConfig } from '@uplus/shared';
import { Modal, Spin } from 'antd';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { MapPoint } from './location-map';

/*
 * The map dialog (issue 14, spec "map dialog"): an interactive map centred on the place, from the same tile
 * provider as the static map. Leaflet and its stylesheet load with the first dialog (their own chunk), so no
 * page pays for them before a map is opened.
 */

type Props = {
  open: boolean;
  onClose: () => void;
  location: MapPoint;
  address: string;
  title?: string;
  config: MapsConfig;
};

/** The dialog's width and its map's height, in px. */
const DIALOG_WIDTH = 800;
const MAP_HEIGHT = 480;

/** Leaflet and its stylesheet, loaded once. */
let leaflet: Promise<typeof Leaflet> | null = null;
const loadLeaflet = (): Promise<typeof Leaflet> => {
  if (!leaflet) {
    leaflet = Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([module]) => module);
    leaflet.catch(() => {
      leaflet = null; // the next try loads again
    });
  }
  return leaflet;
};

/** Text as HTML: Leaflet writes attributions as markup, MAP_ATTRIBUTION is plain text. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The interactive map of a place in a dialog; Esc, the close button or the mask close it. */
export function MapDialog({ open, onClose, location, address, title, config }: Props) {
  // a new attempt after a failed load mounts a new map
  const [attempt, setAttempt] = useState(0);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={DIALOG_WIDTH}
      title={title || '查看地图'}
      destroyOnHidden
      centered
    >
      <InteractiveMap
        key={attempt}
        location={location}
        address={address}
        config={config}
        onRetry={() => setAttempt((n) => n + 1)}
      />
      {address ? (
        <p className="location-map-address" data-testid="map-dialog-address">
          <EnvironmentOutlined aria-hidden /> {address}
        </p>
      ) : null}
    </Modal>
  );
}

function InteractiveMap({
  location,
  address,
  config,
  onRetry,
}: Pick<Props, 'location' | 'address' | 'config'> & { onRetry: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const { longitude, latitude } = location;
  const { tileUrl, attribution, subdomains } = config;

  useEffect(() => {
    let live = true;
    let map: Leaflet.Map | null = null;
    let observer: ResizeObserver | null = null;
    setState('loading');
    loadLeaflet().then(
      (L) => {
        const el = ref.current;
        if (!live || !el) return;
        const centre: Leaflet.LatLngTuple = [latitude, longitude];
        map = L.map(el, { center: centre, zoom: MAP_ZOOM });
        map.attributionControl.setPrefix(false);
        L.tileLayer(tileUrl, {
          attribution: escapeHtml(attribution),
          maxZoom: 19,
          // Leaflet's default (a/b/c) when the server names none; only used when the template has {s}
          ...(subdomains?.length ? { subdomains } : {}),
          referrerPolicy: 'strict-origin',
        }).addTo(map);
        L.marker(centre, {
          // Leaflet's default marker is an image file; this one is drawn by CSS (location-map.css)
          icon: L.divIcon({
            className: 'location-map__marker',
            html: '<span class="location-map__pin"></span>',
            iconSize: [28, 36],
            iconAnchor: [14, 36],
          }),
          keyboard: false,
          interactive: false,
          alt: address,
        }).addTo(map);
        // the dialog opens with an animation and may change size: Leaflet measures again
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => map?.invalidateSize());
          observer.observe(el);
        }
        setState('ready');
      },
      () => {
        if (live) setState('failed');
      },
    );
    return () => {
      live = false;
      observer?.disconnect();
      map?.remove();
    };
  }, [latitude, longitude, tileUrl, attribution, subdomains, address]);

  return (
    <div className="location-map__dialog-map" style={{ height: MAP_HEIGHT }}>
      <section
        ref={ref}
        className="location-map__leaflet"
        data-testid="map-dialog-map"
        aria-label={address ? `地图：${address}` : '地图'}
      />
      {state === 'loading' ? (
        <div className="location-map__state" role="status">
          <Spin size="small" /> 正在加载地图…
        </div>
      ) : null}
      {state === 'failed' ? (
        <div className="location-map__state is-error" role="alert">
          地图加载失败，请检查网络后重试
          <button type="button" className="location-map__retry" onClick={onRetry}>
            重试
          </button>
        </div>
      ) : null}
    </div>
  );
}
