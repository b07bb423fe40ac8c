import { EnvironmentOutlined } from '@ant-design/icons';
import { MAP_ZOOM, type MapsConfig, STATIC_MAP_HEIGHT } from '@uplus/shared';
import { useLayoutEffect, useRef, useState } from 'react';
import { lazyPart, preloadOn } from '../lazy-part';
import { staticTilesOf, TILE_SIZE, tileUrlOf } from './tiles';
import { useMapsConfig } from './use-maps-config';
import './location-map.css';

/** A point on the map (WGS84). */
export type MapPoint = { longitude: number; latitude: number };

export type LocationMapProps = {
  /** the geocoded point; null: not found (the address is shown as text) */
  location: MapPoint | null | undefined;
  /** the address line shown under or instead of the map */
  address: string;
  /** the static map's height in px (spec section 9: 220) */
  height?: number;
  /** the map dialog's title (e.g. the position's name) */
  title?: string;
};

/** The dialog with the interactive map (antd Modal and, inside it, Leaflet): loaded when first wanted. */
const MapDialog = lazyPart(() => import('./map-dialog').then((m) => m.MapDialog), { dialog: true });

/** The width the static map covers before it could measure itself (and where it cannot, in tests). */
const DEFAULT_WIDTH = 800;

/**
 * A place on a job or an internship position (issue 14): a static map image (height 220) that opens a map
 * dialog, from the configured tile provider. Without a provider or a point, the address as text.
 */
export function LocationMap({ location, address, height = STATIC_MAP_HEIGHT, title }: LocationMapProps) {
  const hasPoint = !!location && Number.isFinite(location.longitude) && Number.isFinite(location.latitude);
  const config = useMapsConfig(hasPoint).data;
  const [opened, setOpened] = useState<boolean | null>(null);
  if (!hasPoint || !config?.configured) return address ? <AddressLine address={address} /> : null;
  return (
    <div className="location-map">
      {/* the attribution sits over the map but outside the button: a button's visible text must be part of
          its name (WCAG 2.5.3), and the provider's credit is no part of 查看地图 */}
      <div className="location-map__frame">
        <button
          type="button"
          className="location-map__static"
          style={{ height }}
          aria-label={address ? `查看地图：${address}` : '查看地图'}
          aria-haspopup="dialog"
          data-testid="location-map"
          onClick={() => setOpened(true)}
          {...preloadOn(MapDialog)}
        >
          <StaticTiles location={location} config={config} height={height} />
          <span className="location-map__pin" aria-hidden />
          <span className="location-map__hint" aria-hidden>
            <EnvironmentOutlined /> 查看地图
          </span>
        </button>
        {config.attribution ? (
          <span className="location-map__attribution" data-testid="location-map-attribution">
            {config.attribution}
          </span>
        ) : null}
      </div>
      {address ? <AddressLine address={address} /> : null}
      {opened !== null ? (
        <MapDialog
          open={opened}
          onClose={() => setOpened(false)}
          location={location}
          address={address}
          title={title}
          config={config}
        />
      ) : null}
    </div>
  );
}

function AddressLine({ address }: { address: string }) {
  return (
    <p className="location-map-address" data-testid="location-address">
      <EnvironmentOutlined aria-hidden /> {address}
    </p>
  );
}

/**
 * The tiles around the point at a fixed zoom, each an <img> placed relative to the box's centre (so the
 * point stays in the middle at any width); as many as the measured width needs.
 */
function StaticTiles({
  location,
  config,
  height,
}: {
  location: MapPoint;
  config: MapsConfig;
  height: number;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // whole tiles: a resize by a few px asks for no new tile
      const next = Math.ceil(el.clientWidth / TILE_SIZE) * TILE_SIZE;
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const tiles = staticTilesOf({ point: location, zoom: MAP_ZOOM, width, height });
  return (
    <span className="location-map__tiles" ref={ref} aria-hidden>
      {tiles.map((tile) => (
        <img
          key={`${tile.x}/${tile.y}`}
          className="location-map__tile"
          src={tileUrlOf(config.tileUrl, tile, config.subdomains)}
          alt=""
          width={TILE_SIZE}
          height={TILE_SIZE}
          style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
          draggable={false}
          loading="lazy"
          decoding="async"
          // the site's address only, never the page's (it may carry a ticket); tile providers ask for one
          referrerPolicy="strict-origin"
          onError={(e) => {
            e.currentTarget.style.visibility = 'hidden';
          }}
        />
      ))}
    </span>
  );
}
